import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatEpoch,
  formatMoney,
} from '../../../src-renderer/lib/format';

describe('formatDate', () => {
  it('formats a calendar day in the chosen language without shifting it by a time zone', () => {
    expect(formatDate({ kind: 'day', date: '2025-03-04' }, 'en')).toBe('March 4, 2025');
    expect(formatDate({ kind: 'day', date: '2025-03-04' }, 'es')).toBe('4 de marzo de 2025');
  });

  it('formats an instant and a zone-less local date-time as a day', () => {
    expect(formatDate({ kind: 'instant', iso: '2025-07-01T12:00:00Z' }, 'en')).toMatch(/2025/);
    expect(formatDate({ kind: 'local', local: '2025-07-01T12:00:00' }, 'en')).toBe('July 1, 2025');
  });

  it("shows the service's own text as given", () => {
    expect(formatDate({ kind: 'text', text: 'next Tuesday' }, 'en')).toBe('next Tuesday');
  });

  it('leaves unknown and absent dates to the caller', () => {
    expect(formatDate('unknown', 'en')).toBeUndefined();
    expect(formatDate(null, 'en')).toBeUndefined();
  });

  it('keeps a value that does not parse as it came', () => {
    expect(formatDate({ kind: 'instant', iso: 'garbled' }, 'en')).toBe('garbled');
  });
});

describe('formatMoney', () => {
  it('uses the currency when the service gave one', () => {
    expect(formatMoney(12.5, 'en', 'USD')).toBe('$12.50');
    expect(formatMoney(12.5, 'es', 'EUR')).toMatch(/^12,50\s€$/);
  });

  it('shows two decimals in the locale style without a currency', () => {
    expect(formatMoney(3, 'en')).toBe('3.00');
    expect(formatMoney(3, 'es')).toBe('3,00');
  });

  it('falls back to the number and the code for a code Intl does not know', () => {
    expect(formatMoney(1, 'en', 'dollars')).toBe('1.00 dollars');
  });
});

describe('formatDateTime', () => {
  it('keeps an unparseable receipt time as given', () => {
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });
});

describe('formatEpoch', () => {
  it('formats epoch milliseconds as the receipt formats the same instant', () => {
    const ms = Date.UTC(2025, 6, 1, 12, 30);
    expect(formatEpoch(ms, 'en')).toBe(formatDateTime(new Date(ms).toISOString(), 'en'));
    expect(formatEpoch(ms, 'en')).toMatch(/2025/);
  });

  it('keeps a value that is no time as its number', () => {
    expect(formatEpoch(Number.NaN, 'en')).toBe('NaN');
  });
});
