import { describe, expect, it } from 'vitest';
import { buildFrame } from '../../../src-shared/sip2/build';
import { splitFrames } from '../../../src-shared/sip2/frame-splitter';
import { MESSAGE_CODES } from '../../../src-shared/sip2/messages';
import { parseFrame } from '../../../src-shared/sip2/parse';
import { seededRandom } from '../../support/random';
import { SAMPLES } from './samples';

const bytes = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));
const texts = (frames: Uint8Array[]) => frames.map((f) => Buffer.from(f).toString('latin1'));

describe('splitFrames', () => {
  it.each([
    ['nothing', '', [], ''],
    ['one frame with CR', '941\r', ['941\r'], ''],
    ['one frame with CR LF', '941\r\n', ['941\r\n'], ''],
    ['two frames and a part', '941\r97\r9900', ['941\r', '97\r'], '9900'],
    ['a CR whose LF has not arrived yet', '941\r', ['941\r'], ''],
    ['an LF that arrives first in the next read, dropped', '\n97\r', ['97\r'], ''],
    ['only the LF of a CR LF', '\n', [], ''],
    ['only a part', '98YYYY', [], '98YYYY'],
    ['two CRs in a row (an empty frame)', '941\r\r', ['941\r', '\r'], ''],
  ])('%s', (_, input, frames, rest) => {
    const split = splitFrames(bytes(input), 100);
    expect(texts(split.frames)).toEqual(frames);
    expect(Buffer.from(split.rest).toString('latin1')).toBe(rest);
    expect(split.overflow).toBe(false);
  });

  it('says overflow when the unfinished rest is longer than a frame may be', () => {
    expect(splitFrames(bytes('941\r' + 'x'.repeat(11)), 10)).toMatchObject({ overflow: true });
    expect(splitFrames(bytes('941\r' + 'x'.repeat(10)), 10)).toMatchObject({ overflow: false });
  });

  it('gives the same frames whatever the stream was cut into', () => {
    const random = seededRandom(36);
    const sent = MESSAGE_CODES.map((code, i) => {
      const built = buildFrame(SAMPLES[code], {
        encoding: 'utf-8',
        terminator: i % 2 === 0 ? 'CR' : 'CRLF',
        checksum: true,
        sequence: i % 10,
      });
      if (!built.ok) throw new Error(code);
      return built.value;
    });
    const stream = Buffer.concat(sent);
    for (let trial = 0; trial < 200; trial++) {
      const received: Uint8Array[] = [];
      let buffered: Uint8Array = new Uint8Array(0);
      for (let at = 0; at < stream.length;) {
        const size = 1 + Math.floor(random() * 40);
        buffered = Buffer.concat([buffered, stream.subarray(at, at + size)]);
        at += size;
        const split = splitFrames(buffered, 4096);
        received.push(...split.frames);
        buffered = split.rest;
      }
      expect(buffered.length).toBe(0);
      const codes = received.map((frame) => {
        const parsed = parseFrame(frame, { encoding: 'utf-8', requireChecksum: true });
        return parsed.ok ? parsed.value.code : parsed.error.kind;
      });
      expect(codes).toEqual(MESSAGE_CODES);
    }
  });
});
