import { AEAD_OVERHEAD_BYTES, openAead, sealAead } from '../../platform/aead';

/**
 * The journal's frames: `LKJ1 | seq u32 | length u32 | iv | tag | ciphertext`, AES-256-GCM
 * (platform/aead.ts) with the 12-byte header as associated data. The header is in clear so a
 * damaged frame can be stepped over; the tag covers it, so a frame moved, renumbered or cut short
 * never decrypts.
 */

const MAGIC = Buffer.from('LKJ1', 'ascii');
const HEADER_BYTES = 12;
/** A record is a few hundred bytes; anything claiming more is not a frame of ours. */
const MAX_BODY_BYTES = 64 * 1024;
const PURPOSE = Buffer.from('library-kiosk offline journal v1');

function associatedData(header: Buffer): Buffer {
  return Buffer.concat([PURPOSE, header]);
}

export function encodeFrame(key: Buffer, seq: number, plaintext: Buffer): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header, 0);
  header.writeUInt32BE(seq >>> 0, 4);
  header.writeUInt32BE(AEAD_OVERHEAD_BYTES + plaintext.length, 8);
  return Buffer.concat([header, sealAead(key, plaintext, associatedData(header))]);
}

/**
 * A frame, or why none is here: `incomplete` (the bytes stop before the frame would end: a torn
 * tail) or `unreadable` (no frame of ours, or one that does not open). Three states, not a Result.
 */
type FrameRead =
  | { kind: 'frame'; seq: number; end: number; plaintext: Buffer }
  | { kind: 'incomplete' }
  | { kind: 'unreadable' };

function readFrame(key: Buffer, data: Buffer, offset: number): FrameRead {
  if (data.length - offset < HEADER_BYTES) return { kind: 'incomplete' };
  if (!data.subarray(offset, offset + 4).equals(MAGIC)) return { kind: 'unreadable' };
  const seq = data.readUInt32BE(offset + 4);
  const length = data.readUInt32BE(offset + 8);
  if (length < AEAD_OVERHEAD_BYTES || length > MAX_BODY_BYTES) {
    return { kind: 'unreadable' };
  }
  const end = offset + HEADER_BYTES + length;
  if (end > data.length) return { kind: 'incomplete' };
  const header = data.subarray(offset, offset + HEADER_BYTES);
  const sealed = data.subarray(offset + HEADER_BYTES, end);
  const plaintext = openAead(key, sealed, associatedData(header));
  return plaintext ? { kind: 'frame', seq, end, plaintext } : { kind: 'unreadable' };
}

export interface DecodedFrame {
  seq: number;
  offset: number;
  end: number;
  plaintext: Buffer;
}

/** Bytes that are not a readable frame, followed by readable ones: damage, never dropped. */
export interface DamagedRegion {
  offset: number;
  end: number;
}

export interface DecodedJournal {
  frames: DecodedFrame[];
  damaged: DamagedRegion[];
  /**
   * Bytes after the last readable frame that are no frame: a write cut short by a crash or a
   * power loss. Such a record was never acknowledged (the kiosk acknowledges after fsync).
   */
  torn?: DamagedRegion;
  /** Frames whose sequence numbers skip: records missing with no damaged bytes to show for it. */
  gaps: { afterSeq: number; nextSeq: number }[];
  /**
   * Not one frame opens, yet the file starts with a whole frame of ours: the key is not this
   * journal's (restored apart, or another host's). Nothing is a torn tail then.
   */
  foreignKey?: true;
}

/** The next offset after `from` where a readable frame starts, if any. */
function nextReadable(key: Buffer, data: Buffer, from: number): number | undefined {
  let at = data.indexOf(MAGIC, from + 1);
  while (at !== -1) {
    if (readFrame(key, data, at).kind === 'frame') return at;
    at = data.indexOf(MAGIC, at + 1);
  }
  return undefined;
}

/** Reads a whole journal file, telling readable frames from damage in the middle and a torn end. */
export function decodeJournal(key: Buffer, data: Buffer): DecodedJournal {
  const frames: DecodedFrame[] = [];
  const damaged: DamagedRegion[] = [];
  const gaps: DecodedJournal['gaps'] = [];
  let offset = 0;
  while (offset < data.length) {
    const frame = readFrame(key, data, offset);
    if (frame.kind === 'frame') {
      const previous = frames.at(-1);
      const expected = previous ? previous.seq + 1 : 0;
      if (frame.seq !== expected && damaged.at(-1)?.end !== offset) {
        gaps.push({ afterSeq: expected - 1, nextSeq: frame.seq });
      }
      frames.push({ seq: frame.seq, offset, end: frame.end, plaintext: frame.plaintext });
      offset = frame.end;
      continue;
    }
    const next = nextReadable(key, data, offset);
    if (next === undefined) {
      if (
        frames.length === 0 &&
        offset === 0 &&
        frame.kind === 'unreadable' &&
        data.subarray(0, 4).equals(MAGIC)
      ) {
        return { frames, damaged, gaps, foreignKey: true };
      }
      return { frames, damaged, gaps, torn: { offset, end: data.length } };
    }
    damaged.push({ offset, end: next });
    offset = next;
  }
  return { frames, damaged, gaps };
}
