import { err, ok, type Result } from '../../src-common/result';

/** Why bytes could not be read as a WAV file of PCM samples. */
export type WavProblem =
  | { kind: 'not-wav' }
  | { kind: 'no-data-chunk' }
  /** The format chunk is missing, cut short or names something other than PCM samples. */
  | { kind: 'not-pcm' };

/** What the header says of the samples: all a length check needs. */
export interface WavFormat {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Bytes of samples the data chunk says it holds. */
  dataBytes: number;
  /** Seconds of sound those samples make. */
  seconds: number;
}

const RIFF_HEADER = 12;
const CHUNK_HEADER = 8;
const PCM = 1;

interface DataChunk {
  /** Where the data chunk's header starts. */
  at: number;
  size: number;
  format: { channels: number; sampleRate: number; bitsPerSample: number; frameBytes: number };
}

/** Walks the chunks to the data chunk, reading the PCM format on the way. */
function findData(wav: Buffer): Result<DataChunk, WavProblem> {
  if (
    wav.length < RIFF_HEADER ||
    wav.toString('latin1', 0, 4) !== 'RIFF' ||
    wav.toString('latin1', 8, 12) !== 'WAVE'
  ) {
    return err({ kind: 'not-wav' });
  }
  let format: DataChunk['format'] | undefined;
  for (let at = RIFF_HEADER; at + CHUNK_HEADER <= wav.length;) {
    const id = wav.toString('latin1', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    const body = at + CHUNK_HEADER;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > wav.length || wav.readUInt16LE(body) !== PCM) {
        return err({ kind: 'not-pcm' });
      }
      format = {
        channels: wav.readUInt16LE(body + 2),
        sampleRate: wav.readUInt32LE(body + 4),
        frameBytes: wav.readUInt16LE(body + 12),
        bitsPerSample: wav.readUInt16LE(body + 14),
      };
      if (format.frameBytes === 0 || format.sampleRate === 0) return err({ kind: 'not-pcm' });
    }
    if (id === 'data') return format ? ok({ at, size, format }) : err({ kind: 'not-pcm' });
    // Chunks are padded to an even length.
    at = body + size + (size % 2);
  }
  return err({ kind: 'no-data-chunk' });
}

/**
 * A WAV written to a pipe (espeak-ng --stdout) cannot seek back to fill in its sizes: its RIFF
 * and data sizes are placeholders near 2^31, which Chromium's decodeAudioData and sox refuse or
 * misread. Here the data chunk is cut to the samples actually there (whole frames) and ends the
 * file, and the RIFF size covers what follows its own header. A copy: the input is not changed.
 */
export function fixStreamedWav(bytes: Uint8Array): Result<Buffer, WavProblem> {
  const wav = Buffer.from(bytes);
  const data = findData(wav);
  if (!data.ok) return data;
  const { at, size, format } = data.value;
  const available = wav.length - (at + CHUNK_HEADER);
  const dataBytes = Math.min(size, available - (available % format.frameBytes));
  const fixed = wav.subarray(0, at + CHUNK_HEADER + dataBytes);
  fixed.writeUInt32LE(dataBytes, at + 4);
  fixed.writeUInt32LE(fixed.length - CHUNK_HEADER, 4);
  return ok(fixed);
}

/** The format and length of a WAV whose sizes are filled in (after fixStreamedWav). */
export function wavFormat(bytes: Uint8Array): Result<WavFormat, WavProblem> {
  const data = findData(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!data.ok) return data;
  const { size, format } = data.value;
  return ok({
    channels: format.channels,
    sampleRate: format.sampleRate,
    bitsPerSample: format.bitsPerSample,
    dataBytes: size,
    seconds: size / (format.sampleRate * format.frameBytes),
  });
}
