import { describe, expect, it } from 'vitest';
import { KeyboardDecoder } from '../../../src-main/scanner/decode/keyboard-decoder';
import type { DecodeOutcome } from '../../../src-main/scanner/decode/types';
import { hex, keyReport, loadFixtures } from './fixtures';

const ENTER = 0x28;
const KEY_A = 0x04;
const KEY_1 = 0x1e;
const F1 = 0x3a;
const SHIFT = 0x02;
const CTRL = 0x01;

function feed(decoder: KeyboardDecoder, reports: Uint8Array[], now = 0): DecodeOutcome[] {
  return reports.flatMap((report) => decoder.push(report, now));
}

describe('boot-keyboard decoder on recorded-layout fixtures', () => {
  for (const fixture of loadFixtures('keyboard-reports')) {
    it(`decodes: ${fixture.name}`, () => {
      const outcomes = feed(new KeyboardDecoder(), fixture.reports.map(hex));
      expect(outcomes).toEqual(fixture.expected.map((scan) => ({ ok: true, value: scan })));
    });
  }
});

describe('boot-keyboard decoder', () => {
  it('ignores a bare Enter', () => {
    expect(feed(new KeyboardDecoder(), [keyReport(0, ENTER), keyReport(0)])).toEqual([]);
  });

  it('accepts a 9-byte report that carries a report ID first', () => {
    const decoder = new KeyboardDecoder();
    const withId = (report: Uint8Array): Uint8Array => Uint8Array.from([0x01, ...report]);
    const reports = [keyReport(SHIFT, KEY_A), keyReport(0), keyReport(0, ENTER)].map(withId);
    expect(feed(decoder, reports)).toEqual([{ ok: true, value: { text: 'A' } }]);
  });

  it('ignores the phantom state a keyboard reports when too many keys are down', () => {
    const decoder = new KeyboardDecoder();
    const phantom = Uint8Array.of(0, 0, 1, 1, 1, 1, 1, 1);
    const reports = [keyReport(0, KEY_1), phantom, keyReport(0, KEY_1), keyReport(0, ENTER)];
    expect(feed(decoder, reports)).toEqual([{ ok: true, value: { text: '1' } }]);
  });

  it('rejects a code containing a key that types no character', () => {
    const reports = [keyReport(0, KEY_1), keyReport(0, F1), keyReport(0), keyReport(0, ENTER)];
    expect(feed(new KeyboardDecoder(), reports)).toEqual([{ ok: false, error: 'unmapped-key' }]);
  });

  it('turns Ctrl+letter into the control character, for validation to reject', () => {
    const reports = [keyReport(CTRL, KEY_A), keyReport(0), keyReport(0, ENTER)];
    expect(feed(new KeyboardDecoder(), reports)).toEqual([{ ok: true, value: { text: '\u0001' } }]);
  });

  it('rejects a report of the wrong size and keeps decoding', () => {
    const decoder = new KeyboardDecoder();
    expect(decoder.push(Uint8Array.of(0, 0, KEY_1), 0)).toEqual([
      { ok: false, error: 'truncated-report' },
    ]);
    expect(decoder.push(new Uint8Array(12), 0)).toEqual([{ ok: false, error: 'oversized-report' }]);
    expect(feed(decoder, [keyReport(0, KEY_1), keyReport(0), keyReport(0, ENTER)])).toEqual([
      { ok: true, value: { text: '1' } },
    ]);
  });

  it('rejects a code longer than its cap at the terminator, holding no more than the cap', () => {
    const decoder = new KeyboardDecoder({ maxBytes: 10 });
    const reports = Array.from({ length: 30 }, (_, i) => keyReport(0, i % 2 === 0 ? KEY_1 : 0));
    feed(decoder, reports);
    expect(decoder.pending).toBeLessThanOrEqual(10);
    expect(feed(decoder, [keyReport(0, ENTER)])).toEqual([{ ok: false, error: 'too-long' }]);
  });

  it('drops characters left without a terminator when the next key is late', () => {
    const decoder = new KeyboardDecoder({ staleMs: 1000 });
    feed(decoder, [keyReport(0, KEY_1), keyReport(0)], 0);
    expect(feed(decoder, [keyReport(0, KEY_A), keyReport(0), keyReport(0, ENTER)], 5000)).toEqual([
      { ok: false, error: 'stale-partial' },
      { ok: true, value: { text: 'a' } },
    ]);
  });
});
