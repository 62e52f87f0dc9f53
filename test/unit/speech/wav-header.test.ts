import { describe, expect, it } from 'vitest';
import { fixStreamedWav, wavFormat } from '../../../src-main/speech/wav-header';

/** A RIFF chunk: id, little-endian size, body, and a pad byte after an odd body. */
function chunk(id: string, body: Buffer, size = body.length): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(size, 4);
  return Buffer.concat([header, body, Buffer.alloc(body.length % 2)]);
}

function fmt(channels: number, rate: number, bits: number, format = 1): Buffer {
  const body = Buffer.alloc(16);
  body.writeUInt16LE(format, 0);
  body.writeUInt16LE(channels, 2);
  body.writeUInt32LE(rate, 4);
  body.writeUInt32LE((rate * channels * bits) / 8, 8);
  body.writeUInt16LE((channels * bits) / 8, 12);
  body.writeUInt16LE(bits, 14);
  return chunk('fmt ', body);
}

function riff(chunks: Buffer[], size = 0x7ffff024): Buffer {
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(size, 4);
  head.write('WAVE', 8, 'latin1');
  return Buffer.concat([head, ...chunks]);
}

/** What espeak-ng --stdout writes: 22,050 Hz 16-bit mono, sizes left at its placeholders. */
function streamed(samples: number, extraBytes = 0): Buffer {
  const data = chunk('data', Buffer.alloc(samples * 2 + extraBytes, 1), 0x7ffff000);
  return riff([fmt(1, 22_050, 16), data.subarray(0, 8 + samples * 2 + extraBytes)]);
}

describe('fixStreamedWav', () => {
  it.each([
    { case: 'a stream of 22,050 samples (one second)', wav: streamed(22_050), data: 44_100 },
    { case: 'a stream cut mid-sample: whole frames only', wav: streamed(100, 1), data: 200 },
    { case: 'a stream with no samples', wav: streamed(0), data: 0 },
  ])('$case: data size $data, RIFF size the rest of the file', ({ wav, data }) => {
    const fixed = fixStreamedWav(wav);
    expect(fixed.ok).toBe(true);
    if (!fixed.ok) return;
    expect(fixed.value.readUInt32LE(40)).toBe(data);
    expect(fixed.value.length).toBe(44 + data);
    expect(fixed.value.readUInt32LE(4)).toBe(fixed.value.length - 8);
  });

  it('keeps a file whose sizes are right as it is', () => {
    const body = Buffer.alloc(400, 7);
    const whole = riff([fmt(2, 44_100, 16), chunk('data', body)], 4 + 24 + 8 + 400);
    const fixed = fixStreamedWav(whole);
    expect(fixed.ok && fixed.value.equals(whole)).toBe(true);
  });

  it('walks past chunks before the data (LIST, an odd-sized one with its pad byte)', () => {
    const wav = riff([
      fmt(1, 16_000, 16),
      chunk('LIST', Buffer.from('INFOsoft')),
      chunk('odd ', Buffer.from('abc')),
      chunk('data', Buffer.alloc(64), 0xffffffff),
    ]);
    const fixed = fixStreamedWav(wav);
    expect(fixed.ok).toBe(true);
    if (!fixed.ok) return;
    const format = wavFormat(fixed.value);
    expect(format).toEqual({
      ok: true,
      value: { channels: 1, sampleRate: 16_000, bitsPerSample: 16, dataBytes: 64, seconds: 0.002 },
    });
  });

  it('leaves its input as it was', () => {
    const wav = streamed(10);
    const before = Buffer.from(wav);
    fixStreamedWav(wav);
    expect(wav.equals(before)).toBe(true);
  });

  it.each([
    { case: 'nothing', bytes: Buffer.alloc(0), kind: 'not-wav' },
    { case: 'not RIFF', bytes: Buffer.from('OggS\0\0\0\0WAVEfmt '), kind: 'not-wav' },
    { case: 'RIFF but not WAVE', bytes: riff([]).fill('A', 8, 12), kind: 'not-wav' },
    { case: 'no data chunk', bytes: riff([fmt(1, 22_050, 16)]), kind: 'no-data-chunk' },
    {
      case: 'data before any format',
      bytes: riff([chunk('data', Buffer.alloc(4))]),
      kind: 'not-pcm',
    },
    {
      case: 'a format other than PCM',
      bytes: riff([fmt(1, 22_050, 16, 3), chunk('data', Buffer.alloc(4))]),
      kind: 'not-pcm',
    },
    {
      case: 'a format chunk cut short',
      bytes: riff([chunk('fmt ', Buffer.alloc(8))]),
      kind: 'not-pcm',
    },
    {
      case: 'zero bytes per frame',
      bytes: riff([fmt(0, 22_050, 16), chunk('data', Buffer.alloc(4))]),
      kind: 'not-pcm',
    },
  ])('refuses $case: $kind', ({ bytes, kind }) => {
    expect(fixStreamedWav(bytes)).toEqual({ ok: false, error: { kind } });
    expect(wavFormat(bytes)).toEqual({ ok: false, error: { kind } });
  });
});

describe('wavFormat', () => {
  it('reads the length of espeak-ng’s format from the data size', () => {
    const fixed = fixStreamedWav(streamed(11_025));
    expect(fixed.ok && wavFormat(fixed.value)).toEqual({
      ok: true,
      value: {
        channels: 1,
        sampleRate: 22_050,
        bitsPerSample: 16,
        dataBytes: 22_050,
        seconds: 0.5,
      },
    });
  });
});
