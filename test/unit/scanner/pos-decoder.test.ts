import { describe, expect, it } from 'vitest';
import { PosDecoder } from '../../../src-main/scanner/decode/pos-decoder';
import type { DecodeOutcome } from '../../../src-main/scanner/decode/types';
import { hex, loadFixtures, posReport } from './fixtures';

function feed(decoder: PosDecoder, reports: Uint8Array[], now = 0): DecodeOutcome[] {
  return reports.flatMap((report) => decoder.push(report, now));
}

describe('HID POS decoder on recorded-layout fixtures', () => {
  for (const fixture of loadFixtures('pos-reports')) {
    it(`decodes: ${fixture.name}`, () => {
      const outcomes = feed(new PosDecoder(), fixture.reports.map(hex));
      expect(outcomes).toEqual(fixture.expected.map((scan) => ({ ok: true, value: scan })));
    });
  }
});

describe('HID POS decoder', () => {
  it('emits nothing until the report without the continuation flag arrives', () => {
    const decoder = new PosDecoder();
    expect(decoder.push(posReport('ABCDEF', { aim: ']C0', more: true }), 0)).toEqual([]);
    expect(decoder.pending).toBe(6);
    expect(decoder.push(posReport('GHI'), 1)).toEqual([
      { ok: true, value: { text: 'ABCDEFGHI', symbology: 'code128' } },
    ]);
  });

  it('reports an unknown AIM code character by its identifier', () => {
    const [outcome] = new PosDecoder().push(posReport('12345678', { aim: ']X0' }), 0);
    expect(outcome).toEqual({ ok: true, value: { text: '12345678', symbology: ']X0' } });
  });

  it('names GS1-128 from its AIM modifier', () => {
    const [outcome] = new PosDecoder().push(posReport('0109506000134352', { aim: ']C1' }), 0);
    expect(outcome).toMatchObject({ ok: true, value: { symbology: 'gs1-128' } });
  });

  it('rejects a report with an unknown report ID without losing the code in progress', () => {
    const decoder = new PosDecoder();
    decoder.push(posReport('ABC', { more: true }), 0);
    const status = posReport('XYZ');
    status[0] = 0x04;
    expect(decoder.push(status, 1)).toEqual([{ ok: false, error: 'unknown-report-id' }]);
    expect(decoder.push(posReport('DEF'), 2)).toEqual([{ ok: true, value: { text: 'ABCDEF' } }]);
  });

  it('rejects a truncated report and recovers at the next one', () => {
    const decoder = new PosDecoder();
    expect(decoder.push(Uint8Array.of(0x02, 0x05, 0x5d), 0)).toEqual([
      { ok: false, error: 'truncated-report' },
    ]);
    expect(decoder.push(posReport('31234000012342'), 1)).toEqual([
      { ok: true, value: { text: '31234000012342' } },
    ]);
  });

  it('rejects a report longer than 64 bytes', () => {
    const long = new Uint8Array(65);
    long[0] = 0x02;
    expect(new PosDecoder().push(long, 0)).toEqual([{ ok: false, error: 'oversized-report' }]);
  });

  it('rejects a length byte larger than the data area', () => {
    const report = posReport('ABC');
    report[1] = 57;
    expect(new PosDecoder().push(report, 0)).toEqual([{ ok: false, error: 'bad-length' }]);
  });

  it('rejects an empty code', () => {
    expect(new PosDecoder().push(posReport(''), 0)).toEqual([{ ok: false, error: 'empty' }]);
  });

  it('rejects a code over its byte cap once, then skips the rest of that code', () => {
    const decoder = new PosDecoder({ maxBytes: 100 });
    const chunk = 'A'.repeat(56);
    expect(decoder.push(posReport(chunk, { more: true }), 0)).toEqual([]);
    expect(decoder.push(posReport(chunk, { more: true }), 1)).toEqual([
      { ok: false, error: 'too-long' },
    ]);
    expect(decoder.push(posReport(chunk), 2)).toEqual([]);
    expect(decoder.pending).toBe(0);
    expect(decoder.push(posReport('NEXT-CODE'), 3)).toEqual([
      { ok: true, value: { text: 'NEXT-CODE' } },
    ]);
  });

  it('drops a code whose last report never came when the next report is late', () => {
    const decoder = new PosDecoder({ staleMs: 1000 });
    decoder.push(posReport('HALF', { more: true }), 0);
    expect(decoder.push(posReport('31234000012342'), 5000)).toEqual([
      { ok: false, error: 'stale-partial' },
      { ok: true, value: { text: '31234000012342' } },
    ]);
  });

  it('forgets a code in progress on reset (a reconnect)', () => {
    const decoder = new PosDecoder();
    decoder.push(posReport('HALF', { more: true }), 0);
    decoder.reset();
    expect(decoder.push(posReport('WHOLE1'), 1)).toEqual([{ ok: true, value: { text: 'WHOLE1' } }]);
  });
});
