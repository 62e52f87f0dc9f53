import { describe, expect, it } from 'vitest';
import { decodingFor, selectDevice } from '../../../src-main/scanner/device-select';
import type { HidDeviceInfo } from '../../../src-main/scanner/hid-backend';
import { KEYBOARD, POS_SCANNER } from '../../support/fake-hid';

const VENDOR_DATA: HidDeviceInfo = {
  ...POS_SCANNER,
  path: 'fake:vendor',
  usagePage: 0xff00,
  usage: 1,
};
const SCANNER_KEYBOARD: HidDeviceInfo = {
  ...KEYBOARD,
  vendorId: 0x0c2e,
  productId: 0x0b61,
  path: 'fake:kbd-if',
};

describe('device selection', () => {
  it('any-pos picks the interface on usage page 0x8C', () => {
    expect(selectDevice([KEYBOARD, VENDOR_DATA, POS_SCANNER], { mode: 'any-pos' }, 'auto')).toBe(
      POS_SCANNER,
    );
  });

  it('any-pos finds nothing when no POS interface is present', () => {
    expect(selectDevice([KEYBOARD, VENDOR_DATA], { mode: 'any-pos' }, 'auto')).toBeUndefined();
  });

  it('a chosen device prefers its POS interface over its keyboard one', () => {
    const selection = { mode: 'device', vendorId: 0x0c2e, productId: 0x0b61 } as const;
    expect(selectDevice([SCANNER_KEYBOARD, POS_SCANNER], selection, 'auto')).toBe(POS_SCANNER);
  });

  it('a chosen device avoids its keyboard interface unless keyboard decoding is asked for', () => {
    const selection = { mode: 'device', vendorId: 0x0c2e, productId: 0x0b61 } as const;
    expect(selectDevice([SCANNER_KEYBOARD, VENDOR_DATA], selection, 'auto')).toBe(VENDOR_DATA);
    expect(selectDevice([VENDOR_DATA, SCANNER_KEYBOARD], selection, 'keyboard')).toBe(
      SCANNER_KEYBOARD,
    );
  });

  it('off selects nothing', () => {
    expect(selectDevice([POS_SCANNER], { mode: 'off' }, 'auto')).toBeUndefined();
  });

  it('auto decoding follows the usage page', () => {
    expect(decodingFor(POS_SCANNER, 'auto')).toEqual({ decoder: 'pos', source: 'hid-pos' });
    expect(decodingFor(KEYBOARD, 'auto')).toEqual({ decoder: 'keyboard', source: 'hid-keyboard' });
    expect(decodingFor(VENDOR_DATA, 'auto')).toEqual({ decoder: 'vendor', source: 'hid-pos' });
  });

  it('an explicit report format overrides the usage page', () => {
    expect(decodingFor(VENDOR_DATA, 'pos').decoder).toBe('pos');
  });
});
