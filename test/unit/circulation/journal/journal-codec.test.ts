import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeJournal, encodeFrame } from '../../../../src-main/circulation/journal/journal-codec';
import { KEY_BYTES } from '../../../../src-main/vault/journal-key';

const key = randomBytes(KEY_BYTES);
const FRAMES = 40;
const MIDDLE = 17;
// Lengths differ from frame to frame, as records do.
const plaintexts = Array.from({ length: FRAMES }, (_, seq) =>
  Buffer.from(
    JSON.stringify({ t: 'txn', id: `id-${seq}`, item: '31234000456789'.repeat(1 + (seq % 3)) }),
  ),
);
const frames = plaintexts.map((plaintext, seq) => encodeFrame(key, seq, plaintext));
const journal = Buffer.concat(frames);
const startOf = (index: number): number =>
  frames.slice(0, index).reduce((sum, frame) => sum + frame.length, 0);

const texts = (decoded: ReturnType<typeof decodeJournal>): string[] =>
  decoded.frames.map((frame) => frame.plaintext.toString());
const allBut = (index: number): string[] =>
  plaintexts.filter((_, seq) => seq !== index).map(String);

describe('journal frames', () => {
  it('reads back every frame of a journal in order, with its sequence number and place', () => {
    const decoded = decodeJournal(key, journal);

    expect(decoded.frames.map(({ seq, offset, end }) => ({ seq, offset, end }))).toEqual(
      frames.map((frame, seq) => ({ seq, offset: startOf(seq), end: startOf(seq) + frame.length })),
    );
    expect(texts(decoded)).toEqual(plaintexts.map(String));
    expect(decoded).toMatchObject({ damaged: [], gaps: [] });
    expect(decoded.torn).toBeUndefined();
  });

  it('reads an empty journal as no frames and no damage', () => {
    expect(decodeJournal(key, Buffer.alloc(0))).toEqual({ frames: [], damaged: [], gaps: [] });
  });

  it('never writes a record in clear', () => {
    expect(journal.includes(Buffer.from('31234000456789'))).toBe(false);
    expect(journal.includes(Buffer.from('"txn"'))).toBe(false);
  });

  it('reports a frame with any one byte changed as damaged and still reads every frame after it', () => {
    const middle = { offset: startOf(MIDDLE), end: startOf(MIDDLE + 1) };
    for (let at = middle.offset; at < middle.end; at += 1) {
      const changed = Buffer.from(journal);
      changed[at] = changed[at]! ^ 0x5a;

      const decoded = decodeJournal(key, changed);

      expect(decoded.damaged, `byte ${at - middle.offset} of the frame`).toEqual([middle]);
      expect(texts(decoded), `byte ${at - middle.offset} of the frame`).toEqual(allBut(MIDDLE));
      expect(decoded.torn).toBeUndefined();
      expect(decoded.gaps).toEqual([]);
    }
  });

  it('reports a last frame cut short at any byte as torn, with every frame before it read', () => {
    const last = startOf(FRAMES - 1);
    for (let cut = last + 1; cut < journal.length; cut += 1) {
      const decoded = decodeJournal(key, journal.subarray(0, cut));

      expect(decoded.torn, `cut ${cut - last} bytes into the frame`).toEqual({
        offset: last,
        end: cut,
      });
      expect(texts(decoded), `cut ${cut - last} bytes into the frame`).toEqual(allBut(FRAMES - 1));
      expect(decoded.damaged).toEqual([]);
    }
  });

  it('does not read a frame whose sequence number was changed in its header', () => {
    const changed = Buffer.from(journal);
    changed.writeUInt32BE(MIDDLE + 1, startOf(MIDDLE) + 4);

    const decoded = decodeJournal(key, changed);

    expect(decoded.damaged).toEqual([{ offset: startOf(MIDDLE), end: startOf(MIDDLE + 1) }]);
    expect(texts(decoded)).toEqual(allBut(MIDDLE));
  });

  it('reports a sealed frame with a number out of turn as a gap', () => {
    const renumbered = encodeFrame(key, MIDDLE + 2, plaintexts[MIDDLE]!);
    const changed = Buffer.concat([
      ...frames.slice(0, MIDDLE),
      renumbered,
      ...frames.slice(MIDDLE + 1),
    ]);

    const decoded = decodeJournal(key, changed);

    expect(decoded.gaps[0]).toEqual({ afterSeq: MIDDLE - 1, nextSeq: MIDDLE + 2 });
  });

  it('reports two frames swapped as gaps', () => {
    const swapped = Buffer.concat([
      ...frames.slice(0, MIDDLE),
      frames[MIDDLE + 1]!,
      frames[MIDDLE]!,
      ...frames.slice(MIDDLE + 2),
    ]);

    const decoded = decodeJournal(key, swapped);

    expect(decoded.gaps[0]).toEqual({ afterSeq: MIDDLE - 1, nextSeq: MIDDLE + 1 });
    expect(decoded.gaps).toContainEqual({ afterSeq: MIDDLE + 1, nextSeq: MIDDLE });
  });

  it('reports a frame missing from the middle as a gap', () => {
    const missing = Buffer.concat([...frames.slice(0, MIDDLE), ...frames.slice(MIDDLE + 1)]);

    const decoded = decodeJournal(key, missing);

    expect(decoded.gaps).toEqual([{ afterSeq: MIDDLE - 1, nextSeq: MIDDLE + 1 }]);
    expect(decoded.damaged).toEqual([]);
  });

  it('reports a frame written twice as a gap', () => {
    const repeated = Buffer.concat([
      ...frames.slice(0, MIDDLE + 1),
      frames[MIDDLE]!,
      ...frames.slice(MIDDLE + 1),
    ]);

    const decoded = decodeJournal(key, repeated);

    expect(decoded.gaps[0]).toEqual({ afterSeq: MIDDLE, nextSeq: MIDDLE });
  });

  it('reads nothing with another key', () => {
    const decoded = decodeJournal(randomBytes(KEY_BYTES), journal);

    expect(decoded.frames).toEqual([]);
  });
});
