import { describe, expect, it } from 'vitest';
import { buildFrame } from '../../../src-shared/sip2/build';
import { SIP2_ENCODINGS } from '../../../src-shared/sip2/encoding';
import { MESSAGE_CODES } from '../../../src-shared/sip2/messages';
import { parseFrame } from '../../../src-shared/sip2/parse';
import { seededRandom } from '../../support/random';
import { SAMPLES } from './samples';

const FRAMES_PER_KIND = 10_000;

/** Valid frames to break: every sample, checksummed or not, in UTF-8 (the widest encoding). */
const VALID = MESSAGE_CODES.flatMap((code) =>
  [true, false].flatMap((checksum) => {
    const built = buildFrame(SAMPLES[code], {
      encoding: 'utf-8',
      terminator: 'CR',
      checksum,
      sequence: 2,
    });
    return built.ok ? [built.value] : [];
  }),
);

type Breaker = (random: () => number) => Uint8Array;
const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)]!;
const byte = (random: () => number) => Math.floor(random() * 256);
const ascii = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));

/** Ways a received frame can be wrong; each gives a frame that is not what a sender built. */
const BREAKERS: Record<string, Breaker> = {
  'random bytes': (random) =>
    Uint8Array.from({ length: Math.floor(random() * 300) }, () => byte(random)),
  'random printable text with pipes': (random) =>
    ascii(
      Array.from({ length: Math.floor(random() * 200) }, () =>
        pick(random, [...'AZY09|\r\n 12AOAB']),
      ).join(''),
    ),
  truncated: (random) => {
    const frame = pick(random, VALID);
    return frame.subarray(0, Math.floor(random() * frame.length));
  },
  'without terminator, bytes cut or added in the middle': (random) => {
    const frame = [...pick(random, VALID).subarray(0, -1)];
    const at = Math.floor(random() * frame.length);
    if (random() < 0.5) frame.splice(at, 1 + Math.floor(random() * 5));
    else
      frame.splice(
        at,
        0,
        ...Array.from({ length: 1 + Math.floor(random() * 5) }, () => byte(random)),
      );
    return Uint8Array.from(frame);
  },
  'bad ids and stray delimiters': (random) => {
    const frame = Buffer.from(pick(random, VALID)).toString('latin1');
    const broken = frame
      .replace(/\|[A-Z]{2}/g, () =>
        random() < 0.3
          ? `|${String.fromCharCode(byte(random))}${pick(random, ['', 'z', '|', 'AY', 'AZ'])}`
          : '|AA',
      )
      .replace(/AY\d/, () => pick(random, ['AY', 'AYx', 'AY12', '']));
    return ascii(broken);
  },
};

describe('fuzzing received frames', () => {
  it(`parses ${FRAMES_PER_KIND * Object.keys(BREAKERS).length} malformed frames to a value: 0 throws`, () => {
    const random = seededRandom(2024);
    let frames = 0;
    const throws: string[] = [];
    const outcomes = new Map<string, number>();
    for (const [kind, breaker] of Object.entries(BREAKERS)) {
      for (let i = 0; i < FRAMES_PER_KIND; i++) {
        const frame = breaker(random);
        const options = { encoding: pick(random, SIP2_ENCODINGS), requireChecksum: random() < 0.5 };
        frames++;
        try {
          const parsed = parseFrame(frame, options);
          const outcome = parsed.ok ? `ok ${parsed.value.code}` : parsed.error.kind;
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        } catch (error) {
          throws.push(`${kind}: ${Buffer.from(frame).toString('hex')}: ${String(error)}`);
        }
      }
    }
    console.info(
      `sip2 fuzz: ${frames} frames, ${throws.length} throws`,
      Object.fromEntries(outcomes),
    );
    expect(throws).toEqual([]);
    expect(frames).toBeGreaterThanOrEqual(10_000);
    // The breakers reach the parser's refusals, not only its first check.
    for (const kind of [
      'bad-checksum',
      'missing-checksum',
      'unknown-message',
      'short-fixed-fields',
      'bad-sequence',
      'empty',
    ]) {
      expect(outcomes.get(kind), kind).toBeGreaterThan(0);
    }
  });
});
