import { describe, expect, it } from 'vitest';
import { createDecoder, type DecoderFormat } from '../../../src-main/scanner/decode';
import { normaliseCode } from '../../../src-main/scanner/normalise';
import { ScannerSettingsSchema } from '../../../src-main/scanner/settings-schema';
import { seededRandom } from '../../support/random';

const REPORTS = 100_000;
const MAX_BYTES = 512;
const settings = ScannerSettingsSchema.parse({});

/**
 * Random reports biased towards what reaches deep paths: usual sizes, the POS report ID, small
 * length bytes, continuation flags, key usages and modifiers; plus pure noise of any size.
 */
function randomReport(next: () => number, format: DecoderFormat): Uint8Array {
  const roll = next();
  const size =
    roll < 0.1 ? Math.floor(next() * 80) : format === 'keyboard' ? (next() < 0.9 ? 8 : 9) : 64;
  const report = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    report[i] = next() < 0.5 ? Math.floor(next() * 256) : Math.floor(next() * 0x40);
  }
  if (size > 0 && format === 'pos' && next() < 0.8) report[0] = 0x02;
  if (size > 1 && format === 'pos' && next() < 0.8) report[1] = Math.floor(next() * 60);
  if (size === 64 && next() < 0.3) report[63] = 1;
  if (format === 'keyboard' && size >= 8 && next() < 0.5) report.fill(0, 3);
  return report;
}

describe.each<DecoderFormat>(['pos', 'vendor', 'keyboard'])(
  '%s decoder under fuzzing',
  (format) => {
    // The timeout is the hang check, not a speed check: about 2 s idle, 7.5 s seen beside other
    // test runs on these two cores, where Vitest's default 5 s failed it.
    it(
      `survives ${REPORTS} random reports without throwing, hanging or growing`,
      { timeout: 60_000 },
      () => {
        const next = seededRandom(0x5ca11e + format.length);
        const decoder = createDecoder(format, { maxBytes: MAX_BYTES });
        let outcomes = 0;
        let maxPending = 0;
        let now = 0;
        for (let i = 0; i < REPORTS; i++) {
          now += next() < 0.01 ? 2000 : 1;
          for (const outcome of decoder.push(randomReport(next, format), now)) {
            outcomes++;
            if (outcome.ok) {
              expect(outcome.value.text.length).toBeLessThanOrEqual(MAX_BYTES);
              normaliseCode(outcome.value.text, settings);
            }
          }
          maxPending = Math.max(maxPending, decoder.pending);
        }
        expect(maxPending).toBeLessThanOrEqual(MAX_BYTES);
        expect(outcomes).toBeGreaterThan(0);
      },
    );

    it('decodes a clean code right after a flood of garbage', () => {
      const next = seededRandom(42);
      const decoder = createDecoder(format);
      for (let i = 0; i < 1000; i++) decoder.push(randomReport(next, format), i);
      decoder.reset();
      const clean = cleanScan(format);
      const texts = clean.flatMap((report) => decoder.push(report, 2000)).filter((o) => o.ok);
      expect(texts).toEqual([{ ok: true, value: { text: '31234000012342' } }]);
    });
  },
);

function cleanScan(format: DecoderFormat): Uint8Array[] {
  const code = '31234000012342';
  if (format === 'keyboard') {
    const reports: Uint8Array[] = [];
    for (const digit of code) {
      const usage = digit === '0' ? 0x27 : 0x1d + Number(digit);
      reports.push(Uint8Array.of(0, 0, usage, 0, 0, 0, 0, 0), new Uint8Array(8));
    }
    reports.push(Uint8Array.of(0, 0, 0x28, 0, 0, 0, 0, 0), new Uint8Array(8));
    return reports;
  }
  const report = new Uint8Array(64);
  if (format === 'pos') {
    report[0] = 0x02;
    report[1] = code.length;
    report.set(new TextEncoder().encode(code), 5);
  } else {
    report[0] = 0x01;
    report.set(new TextEncoder().encode(`${code}\r`), 1);
  }
  return [report];
}
