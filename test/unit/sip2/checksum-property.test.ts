import { describe, expect, it } from 'vitest';
import { buildFrame } from '../../../src-shared/sip2/build';
import { SIP2_ENCODINGS } from '../../../src-shared/sip2/encoding';
import { MESSAGE_CODES } from '../../../src-shared/sip2/messages';
import { parseFrame } from '../../../src-shared/sip2/parse';
import { seededRandom } from '../../support/random';
import { SAMPLES } from './samples';

const CR = 0x0d;
const LF = 0x0a;

/** Every sample in every encoding it fits, checksummed, with a CR or CR LF, as a sender sends it. */
function checksummedFrames(): {
  label: string;
  frame: Uint8Array;
  encoding: (typeof SIP2_ENCODINGS)[number];
}[] {
  const frames = [];
  for (const code of MESSAGE_CODES) {
    for (const encoding of SIP2_ENCODINGS) {
      for (const terminator of ['CR', 'CRLF'] as const) {
        const built = buildFrame(SAMPLES[code], {
          encoding,
          terminator,
          checksum: true,
          sequence: 5,
        });
        if (built.ok)
          frames.push({ label: `${code} ${encoding} ${terminator}`, frame: built.value, encoding });
      }
    }
  }
  return frames;
}

/**
 * The one change a reader accepts: the case of a hex letter among the checksum's four digits
 * ("F335" and "f335" are the same number; the parser reads either).
 */
function sameChecksumValue(frame: Uint8Array, end: number, at: number, value: number): boolean {
  const before = String.fromCharCode(frame[at]!);
  const after = String.fromCharCode(value);
  return at >= end - 4 && /[A-F]/i.test(before) && before.toLowerCase() === after.toLowerCase();
}

describe('property: one byte changed fails the checksum', () => {
  it('for every byte of every frame up to its terminator, a changed value is refused for its checksum (over 10,000 changes)', () => {
    const random = seededRandom(24);
    let changes = 0;
    for (const { label, frame, encoding } of checksummedFrames()) {
      const end = frame.length - (frame[frame.length - 2] === CR ? 2 : 1);
      for (let at = 0; at < end; at++) {
        const changed = Uint8Array.from(frame);
        // Any other byte value: 1..255 added modulo 256.
        changed[at] = (frame[at]! + 1 + Math.floor(random() * 255)) % 256;
        const parsed = parseFrame(changed, { encoding, requireChecksum: true });
        changes++;
        if (sameChecksumValue(frame, end, at, changed[at]!)) {
          expect(parsed.ok, `${label}, byte ${at}: the checksum's letter in the other case`).toBe(
            true,
          );
          continue;
        }
        expect(parsed.ok, `${label}, byte ${at}`).toBe(false);
        expect(['bad-checksum', 'missing-checksum'], `${label}, byte ${at}`).toContain(
          !parsed.ok && parsed.error.kind,
        );
      }
    }
    expect(changes).toBeGreaterThan(10_000);
  });

  it('for the 255 other values of every byte of one frame, each is refused but a checksum letter in the other case', () => {
    const built = buildFrame(SAMPLES['12'], {
      encoding: 'utf-8',
      terminator: 'CR',
      checksum: true,
      sequence: 1,
    });
    if (!built.ok) throw new Error('sample does not build');
    const frame = built.value;
    const end = frame.length - 1;
    let refused = 0;
    for (let at = 0; at < end; at++) {
      for (let delta = 1; delta < 256; delta++) {
        const changed = Uint8Array.from(frame);
        changed[at] = (frame[at]! + delta) % 256;
        const parsed = parseFrame(changed, { encoding: 'utf-8', requireChecksum: true });
        expect(parsed.ok, `byte ${at} + ${delta}`).toBe(
          sameChecksumValue(frame, end, at, changed[at]!),
        );
        if (!parsed.ok) refused++;
      }
    }
    const letters = [...frame.subarray(end - 4, end)].filter((b) =>
      /[A-F]/.test(String.fromCharCode(b)),
    );
    expect(refused).toBe(end * 255 - letters.length);
  });

  it('a changed terminator is refused too, except a lone CR turned LF, which the reader takes as a terminator', () => {
    for (const { label, frame, encoding } of checksummedFrames()) {
      const crlf = frame[frame.length - 2] === CR;
      for (let at = frame.length - (crlf ? 2 : 1); at < frame.length; at++) {
        for (let value = 0; value < 256; value++) {
          if (value === frame[at]) continue;
          const changed = Uint8Array.from(frame);
          changed[at] = value;
          const parsed = parseFrame(changed, { encoding, requireChecksum: true });
          const tolerated = !crlf && value === LF;
          expect(parsed.ok, `${label}, byte ${at} = ${value}`).toBe(tolerated);
        }
      }
    }
  });
});
