import { describe, expect, it } from 'vitest';
import { ScannerSettingsSchema } from '../../../src-main/scanner/settings-schema';

describe('scanner settings schema', () => {
  it('fills every field from defaults', () => {
    const settings = ScannerSettingsSchema.parse({});
    expect(settings).toMatchObject({
      device: { mode: 'any-pos' },
      minLength: 6,
      maxLength: 64,
      checkDigit: 'none',
      duplicateWindowMs: 2000,
      wedgeMaxAvgIntervalMs: 30,
      wedgeSuffixKeys: ['Enter', 'Tab'],
    });
  });

  it('default patterns match 14-digit patron cards starting with 2 and items with 3', () => {
    const { patronPattern, itemPattern } = ScannerSettingsSchema.parse({});
    expect(new RegExp(patronPattern).test('21234000567891')).toBe(true);
    expect(new RegExp(patronPattern).test('31234000012342')).toBe(false);
    expect(new RegExp(itemPattern).test('31234000012342')).toBe(true);
    expect(new RegExp(itemPattern).test('3123400001234')).toBe(false);
  });

  it('accepts a specific device by vendor and product ID', () => {
    const device = { mode: 'device', vendorId: 0x0c2e, productId: 0x0b61 };
    expect(ScannerSettingsSchema.parse({ device }).device).toEqual(device);
  });

  it('rejects a pattern that is not a regular expression', () => {
    expect(ScannerSettingsSchema.safeParse({ itemPattern: '([' }).success).toBe(false);
  });

  it('rejects a vendor ID outside 16 bits', () => {
    const device = { mode: 'device', vendorId: 0x10000, productId: 1 };
    expect(ScannerSettingsSchema.safeParse({ device }).success).toBe(false);
  });
});
