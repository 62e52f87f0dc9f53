/**
 * The three formats sealed with AES-256-GCM did not change when their hand-written GCM code gave
 * way to platform/aead.ts: bytes the old code sealed (fixtures/sealed-before-aead.json, made by
 * running main's code before the change) open with the new, and what the new code seals reads with
 * the old layout, decrypted here by node:crypto directly as the old code did.
 */
import { createDecipheriv, createHash, hkdfSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSealedFile, fixedKey, seal, unseal } from '../../../src-main/vault/sealed-file';
import { TOKEN_VAULT_ASSOCIATED_DATA } from '../../../src-main/vault/file-vault';
import { decodeJournal, encodeFrame } from '../../../src-main/circulation/journal/journal-codec';
import { openOfflineKnowledge } from '../../../src-main/circulation/offline/offline-knowledge';
import { asMember } from '../../support/barcodes';

const FixtureSchema = z.object({
  about: z.string(),
  sealedFile: z.object({
    keyLabel: z.string(),
    associatedData: z.string(),
    plaintext: z.string(),
    sealed: z.string(),
  }),
  journal: z.object({ keyLabel: z.string(), records: z.array(z.string()), sealed: z.string() }),
  offlineKnowledge: z.object({
    keyLabel: z.string(),
    blocked: z.array(z.string()),
    sealed: z.string(),
  }),
});
const fixture = FixtureSchema.parse(
  JSON.parse(readFileSync(new URL('./fixtures/sealed-before-aead.json', import.meta.url), 'utf8')),
);
const keyOf = (label: string): Buffer => createHash('sha256').update(label).digest();
const bytes = (hex: string): Buffer => Buffer.from(hex, 'hex');

/** The old code's GCM open of `iv (12) | tag (16) | ciphertext`, written out with node:crypto. */
function oldOpen(key: Buffer, sealed: Buffer, associatedData: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
  decipher.setAAD(associatedData);
  decipher.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sealed-formats-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a sealed file (token vault, client secret, SIP2 and SMTP passwords, sealed keys)', () => {
  const { keyLabel, associatedData, plaintext, sealed } = fixture.sealedFile;
  const key = keyOf(keyLabel);
  const purpose = Buffer.from(associatedData);

  it('sealed by the old code opens with the new, as bytes and as a file', async () => {
    expect(associatedData).toBe(TOKEN_VAULT_ASSOCIATED_DATA);
    expect(unseal(key, purpose, bytes(sealed))?.toString()).toBe(plaintext);
    const file = path.join(dir, 'token-vault.bin');
    await writeFile(file, bytes(sealed));
    const opened = await createSealedFile({
      key: fixedKey(key),
      file,
      associatedData,
      holds: 'tokens',
      consequence: 'sign in again',
    }).read((text) => text.toString());
    expect(opened).toEqual({ ok: true, value: plaintext });
  });

  it('sealed by the new code is the old layout: version byte 1, IV, tag, ciphertext', async () => {
    const file = path.join(dir, 'token-vault.bin');
    const written = createSealedFile({
      key: fixedKey(key),
      file,
      associatedData,
      holds: 'tokens',
      consequence: 'sign in again',
    });
    expect(await written.write(Buffer.from(plaintext))).toEqual({ ok: true, value: undefined });
    for (const sealedNow of [await readFile(file), seal(key, purpose, Buffer.from(plaintext))]) {
      expect(sealedNow[0]).toBe(1);
      expect(sealedNow).toHaveLength(bytes(sealed).length);
      expect(oldOpen(key, sealedNow.subarray(1), purpose).toString()).toBe(plaintext);
    }
  });
});

describe('the offline journal', () => {
  const { keyLabel, records, sealed } = fixture.journal;
  const key = keyOf(keyLabel);

  it('sealed by the old code reads frame by frame with the new, nothing damaged', () => {
    const decoded = decodeJournal(key, bytes(sealed));
    expect(decoded.frames.map((frame) => [frame.seq, frame.plaintext.toString()])).toEqual(
      records.map((record, seq) => [seq, record]),
    );
    expect(decoded).toMatchObject({ damaged: [], gaps: [] });
    expect(decoded.torn).toBeUndefined();
    expect(decoded.foreignKey).toBeUndefined();
  });

  it('framed by the new code is the old frame: header, then GCM over it as associated data', () => {
    const record = Buffer.from(records[1]!);
    const frame = encodeFrame(key, 7, record);
    const header = frame.subarray(0, 12);
    expect(header.subarray(0, 4).toString('ascii')).toBe('LKJ1');
    expect(header.readUInt32BE(4)).toBe(7);
    expect(header.readUInt32BE(8)).toBe(frame.length - 12);
    const purpose = Buffer.concat([Buffer.from('library-kiosk offline journal v1'), header]);
    expect(oldOpen(key, frame.subarray(12), purpose)).toEqual(record);
  });
});

describe('the offline card knowledge', () => {
  const { keyLabel, blocked, sealed } = fixture.offlineKnowledge;
  const journalKey = keyOf(keyLabel);
  const purpose = Buffer.from('library-kiosk offline knowledge v1');
  const sealKey = Buffer.from(
    hkdfSync('sha256', journalKey, Buffer.alloc(0), 'offline knowledge sealing', 32),
  );
  const isCard = (code: string): boolean => /^P\d{7}$/.test(code);
  const open = (file: string) =>
    openOfflineKnowledge({ file, key: journalKey, rememberDays: 30, now: () => 1_800_000_000_000 });

  it('sealed by the old code opens with the new: its imported block list still blocks', async () => {
    const file = path.join(dir, 'offline-knowledge.bin');
    await writeFile(file, bytes(sealed));
    const knowledge = await open(file);
    expect(knowledge.loss()).toBeUndefined();
    expect(knowledge.checkOutPaused()).toBe(false);
    expect(knowledge.counts()).toMatchObject({ imported: 2 });
    for (const card of blocked)
      expect(knowledge.blockOf(asMember(card), 1_800_000_000_000)).toBe('member_blocked');
    expect(knowledge.blockOf(asMember('P1111111'), 1_800_000_000_000)).toBeUndefined();
    await knowledge.close();
  });

  it('sealed by the new code is the old layout: IV, tag, ciphertext of the JSON', async () => {
    const file = path.join(dir, 'offline-knowledge.bin');
    const knowledge = await open(file);
    await knowledge.importBlockList(blocked.join('\n'), isCard);
    await knowledge.close();
    const document = JSON.parse(oldOpen(sealKey, await readFile(file), purpose).toString()) as {
      imported: string[];
    };
    expect(document.imported).toHaveLength(2);
    expect(document.imported.join()).not.toContain('P7654321');
  });
});
