import { describe, expect, it } from 'vitest';
import { isValidMod10, mod10CheckDigit } from '../../../src-main/scanner/check-digit';
import { classify } from '../../../src-main/scanner/classify';
import { ScannerSettingsSchema } from '../../../src-main/scanner/settings-schema';

const defaults = ScannerSettingsSchema.parse({});
const withMod10 = ScannerSettingsSchema.parse({ checkDigit: 'mod10' });

describe('mod-10 check digit of 14-digit library barcodes', () => {
  it('accepts a barcode whose last digit completes the sum', () => {
    // 3123400001234: doubled odd positions 3,2,4,0,0,2,4 -> 6+4+8+0+0+4+8 = 30; even 1+3+0+0+1+3 = 8;
    // 38 needs 2 to reach 40.
    expect(isValidMod10('31234000012342')).toBe(true);
  });

  it('rejects the same barcode with any other last digit', () => {
    for (const digit of '013456789') expect(isValidMod10(`3123400001234${digit}`)).toBe(false);
  });

  it('catches two adjacent digits swapped', () => {
    expect(isValidMod10('31234000012342')).toBe(true);
    expect(isValidMod10('13234000012342')).toBe(false);
  });

  it('rejects codes with anything but digits', () => {
    expect(isValidMod10('3123400001234A')).toBe(false);
    expect(isValidMod10('')).toBe(false);
  });

  it('computes the digit that makes a payload valid', () => {
    expect(mod10CheckDigit('3123400001234')).toBe('2');
    expect(isValidMod10(`2123400056789${mod10CheckDigit('2123400056789')}`)).toBe(true);
  });
});

describe('classify', () => {
  it('tells a patron card (starts with 2) from an item (starts with 3)', () => {
    expect(classify('21234000567891', defaults)).toEqual({ kind: 'patron', valid: true });
    expect(classify('31234000012342', defaults)).toEqual({ kind: 'item', valid: true });
  });

  it('calls a code matching neither pattern unknown and invalid', () => {
    expect(classify('9780306406157', defaults)).toEqual({
      kind: 'unknown',
      valid: false,
      reason: 'no-pattern-match',
    });
  });

  it('ignores the check digit unless mod10 is configured', () => {
    expect(classify('31234000012340', defaults)).toEqual({ kind: 'item', valid: true });
  });

  it('keeps the kind but marks the code invalid when the check digit is wrong', () => {
    expect(classify('31234000012340', withMod10)).toEqual({
      kind: 'item',
      valid: false,
      reason: 'check-digit',
    });
    expect(classify('31234000012342', withMod10)).toEqual({ kind: 'item', valid: true });
  });

  it('uses the patterns from settings', () => {
    const custom = { ...defaults, patronPattern: '^P\\d+$', itemPattern: '^I\\d+$' };
    expect(classify('P000123', custom).kind).toBe('patron');
    expect(classify('I000123', custom).kind).toBe('item');
  });
});
