import { describe, expect, it } from 'vitest';
import {
  checksumOf,
  checksumText,
  readChecksumText,
  verifyChecksum,
} from '../../../src-shared/sip2/checksum';

const bytes = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));

describe('checksum (spec, "Error Detection")', () => {
  it.each([
    ['nothing', new Uint8Array(0), 0x0000, '0000'],
    ['"97AZ": 0x10B, negated in 16 bits', bytes('97AZ'), 0xfef5, 'FEF5'],
    ['one byte 0x01', Uint8Array.from([1]), 0xffff, 'FFFF'],
    [
      'a sum of exactly 0x10000 (257 × 255 + 1) wraps to 0',
      Uint8Array.from([...new Uint8Array(257).fill(255), 1]),
      0x0000,
      '0000',
    ],
    [
      'a sum of 0xFFFF (257 × 255) gives 1, with its leading zeros',
      new Uint8Array(257).fill(255),
      0x0001,
      '0001',
    ],
  ])('%s', (_, input, value, text) => {
    expect(checksumOf(input)).toBe(value);
    expect(checksumText(input)).toBe(text);
  });

  it('makes the sum of the frame and its checksum 0 modulo 2^16', () => {
    const frame = bytes('941AY0AZ');
    const total = frame.reduce((sum, byte) => sum + byte, 0) + checksumOf(frame);
    expect(total % 0x10000).toBe(0);
  });

  it.each([
    ['FEF5', 0xfef5],
    ['fef5', 0xfef5],
    ['0000', 0],
    ['FEF', undefined],
    ['FEF55', undefined],
    ['FEFG', undefined],
    ['', undefined],
  ])('reads %j as %s', (text, value) => {
    expect(readChecksumText(text)).toBe(value);
  });
});

describe('verifyChecksum (a frame without its terminator)', () => {
  it.each([
    ['a right checksum', '97AZFEF5', { kind: 'verified' }],
    ['a right checksum in lower case', '97AZfef5', { kind: 'verified' }],
    ['nothing after the fields', '941AY0', { kind: 'absent' }],
    ['fewer than six bytes', 'AZ12', { kind: 'absent' }],
    ['AZ not six from the end', '941AZ12345', { kind: 'absent' }],
    ['a wrong sum', '97AZFEF6', { kind: 'bad-checksum', expected: 'FEF5', received: 'FEF6' }],
    [
      'digits that are not hex',
      '97AZFEFX',
      { kind: 'bad-checksum', expected: 'FEF5', received: 'FEFX' },
    ],
    ['only a checksum, of nothing before AZ', 'AZFF65', { kind: 'verified' }],
  ])('%s: %j', (_, frame, expected) => {
    expect(verifyChecksum(bytes(frame))).toEqual(expected);
  });
});
