import { describe, expect, it } from 'vitest';
import { VendorDecoder } from '../../../src-main/scanner/decode/vendor-decoder';

function report(
  text: string,
  { reportId, size = 64 }: { reportId?: number; size?: number } = {},
): Uint8Array {
  const bytes = new TextEncoder().encode(text);
  const out = new Uint8Array(size);
  const start = reportId === undefined ? 0 : 1;
  if (reportId !== undefined) out[0] = reportId;
  out.set(bytes.subarray(0, size - start), start);
  return out;
}

describe('vendor HID-data decoder', () => {
  it('reads a NUL-padded code after a report ID', () => {
    expect(new VendorDecoder().push(report('31234000012342', { reportId: 1 }), 0)).toEqual([
      { ok: true, value: { text: '31234000012342' } },
    ]);
  });

  it('ends a code at CR and ignores what follows in that report', () => {
    expect(new VendorDecoder().push(report('ABC123\r\n', { reportId: 2 }), 0)).toEqual([
      { ok: true, value: { text: 'ABC123' } },
    ]);
  });

  it('joins a code that fills whole reports until a short one ends it', () => {
    const decoder = new VendorDecoder();
    const full = 'X'.repeat(64);
    expect(decoder.push(report(full), 0)).toEqual([]);
    expect(decoder.push(report('TAIL'), 1)).toEqual([{ ok: true, value: { text: `${full}TAIL` } }]);
  });

  it('treats an all-zero report between scans as nothing', () => {
    expect(new VendorDecoder().push(new Uint8Array(64), 0)).toEqual([]);
  });

  it('rejects an over-long report and a code over its cap', () => {
    const decoder = new VendorDecoder({ maxBytes: 100 });
    expect(decoder.push(new Uint8Array(65), 0)).toEqual([{ ok: false, error: 'oversized-report' }]);
    const full = report('Y'.repeat(64));
    decoder.push(full, 0);
    expect(decoder.push(full, 1)).toEqual([{ ok: false, error: 'too-long' }]);
    expect(decoder.push(report('END'), 2)).toEqual([]);
    expect(decoder.push(report('FRESH1'), 3)).toEqual([{ ok: true, value: { text: 'FRESH1' } }]);
  });
});
