import { describe, expect, it } from 'vitest';
import { classify } from '../../../src-main/scanner/classify';
import { ScannerSettingsSchema } from '../../../src-main/scanner/settings-schema';
import {
  isWritable,
  patternToRule,
  ruleToPattern,
} from '../../../src-renderer/staff/settings/barcode-rule';

const defaults = ScannerSettingsSchema.parse({});

describe('barcode rules as a start and a length', () => {
  it('reads the default patterns as "starts with 2 / 3, 14 characters"', () => {
    expect(patternToRule(defaults.patronPattern)).toEqual({ startsWith: '2', length: 14 });
    expect(patternToRule(defaults.itemPattern)).toEqual({ startsWith: '3', length: 14 });
  });

  it('writes the very pattern the kiosk stores by default', () => {
    expect(ruleToPattern({ startsWith: '2', length: 14 })).toBe(defaults.patronPattern);
    expect(ruleToPattern({ startsWith: '3', length: 14 })).toBe(defaults.itemPattern);
  });

  it('round-trips starts with letters, Codabar start characters and none at all', () => {
    for (const rule of [
      { startsWith: 'A29', length: 12 },
      { startsWith: 'A$', length: 8 },
      { startsWith: '', length: 10 },
      { startsWith: 'B-1.', length: 9 },
    ]) {
      expect(patternToRule(ruleToPattern(rule))).toEqual(rule);
    }
  });

  it("compiles to a pattern the scanner's classifier takes exactly as the rule says", () => {
    const settings = {
      patronPattern: ruleToPattern({ startsWith: '29', length: 10 }),
      itemPattern: ruleToPattern({ startsWith: 'A$', length: 6 }),
      checkDigit: 'none' as const,
    };
    expect(classify('2912345678', settings).kind).toBe('patron');
    expect(classify('291234567', settings).kind).toBe('unknown');
    expect(classify('3912345678', settings).kind).toBe('unknown');
    expect(classify('A$1234', settings).kind).toBe('item');
    expect(classify('AX1234', settings).kind).toBe('unknown');
  });

  it('leaves a pattern of any other shape to be edited as an expression', () => {
    for (const pattern of ['^(2|4)\\d{13}$', '^2[0-9]{13}$', '2\\d{13}', '^2\\d{1,13}$', '.*']) {
      expect(patternToRule(pattern)).toBeUndefined();
    }
  });

  it('writes no rule whose start leaves no room for digits or holds other characters', () => {
    expect(isWritable({ startsWith: '29', length: 2 })).toBe(false);
    expect(isWritable({ startsWith: '2(', length: 8 })).toBe(false);
    expect(isWritable({ startsWith: '2', length: 257 })).toBe(false);
    expect(isWritable({ startsWith: '2', length: 14 })).toBe(true);
  });
});
