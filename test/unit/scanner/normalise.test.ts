import { describe, expect, it } from 'vitest';
import { normaliseCode } from '../../../src-main/scanner/normalise';
import { ScannerSettingsSchema } from '../../../src-main/scanner/settings-schema';

const defaults = ScannerSettingsSchema.parse({});

describe('normaliseCode', () => {
  it('passes a clean code through', () => {
    expect(normaliseCode('31234000012342', defaults)).toEqual({
      ok: true,
      value: '31234000012342',
    });
  });

  it('drops trailing CR/LF terminators and surrounding spaces', () => {
    expect(normaliseCode(' 31234000012342 \r\n', defaults)).toEqual({
      ok: true,
      value: '31234000012342',
    });
  });

  it('strips the configured prefix and suffix, including control-character framing', () => {
    const framed = { ...defaults, prefix: '\u0002', suffix: '\u0003' };
    expect(normaliseCode('\u000231234000012342\u0003', framed)).toEqual({
      ok: true,
      value: '31234000012342',
    });
  });

  it('strips Codabar start/stop characters configured as prefix and suffix', () => {
    const codabar = { ...defaults, prefix: 'A', suffix: 'B' };
    expect(normaliseCode('A31234000012342B', codabar)).toEqual({
      ok: true,
      value: '31234000012342',
    });
  });

  it('keeps a code that lacks the configured prefix', () => {
    expect(normaliseCode('31234000012342', { ...defaults, prefix: '#' })).toEqual({
      ok: true,
      value: '31234000012342',
    });
  });

  it('rejects control characters inside a code', () => {
    expect(normaliseCode('3123\u00074000012342', defaults)).toEqual({
      ok: false,
      error: 'control-character',
    });
  });

  it('rejects bytes that were not valid UTF-8', () => {
    expect(normaliseCode('3123\ufffd4000012342', defaults)).toEqual({
      ok: false,
      error: 'undecodable',
    });
  });

  it('rejects codes shorter than the minimum and longer than the maximum', () => {
    expect(normaliseCode('12345', defaults)).toEqual({ ok: false, error: 'too-short' });
    expect(normaliseCode('1'.repeat(65), defaults)).toEqual({ ok: false, error: 'too-long' });
    expect(normaliseCode('1'.repeat(64), defaults).ok).toBe(true);
  });

  it('rejects a code that is nothing but terminators and spaces', () => {
    expect(normaliseCode('  \r\n', defaults)).toEqual({ ok: false, error: 'empty' });
  });
});
