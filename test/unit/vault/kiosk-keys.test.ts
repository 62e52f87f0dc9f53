/**
 * A station that kept its keys in the data folder and is given a master key from outside it
 * (src-main/vault/kiosk-keys.ts): every stored thing still opens (staff tokens, the client secret,
 * unsynced loans and returns in the journal, the imported block list), the plain key files are
 * gone, and no sealed file was rewritten. Then what the same folder does under another master key,
 * and with none.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileJournalKey, journalKeyFile } from '../../../src-main/vault/journal-key';
import { openOfflineJournal } from '../../../src-main/circulation/journal/offline-journal';
import { offlineFiles } from '../../../src-main/circulation/offline/offline-files';
import { openOfflineKnowledge } from '../../../src-main/circulation/offline/offline-knowledge';
import { createClientSecretFile } from '../../../src-main/vault/client-secret-file';
import { createFileVault, fileVaultPaths } from '../../../src-main/vault/file-vault';
import {
  masterKeys,
  openKioskKeys,
  sealDataFolderKeys,
  sealedKeyFile,
  wrappingKey,
} from '../../../src-main/vault/kiosk-keys';
import type { KioskKeys } from '../../../src-main/vault/kiosk-keys';
import { nodeKeySourceDeps } from '../../../src-main/vault/key-source';
import { seal } from '../../../src-main/vault/sealed-file';
import type { StoredTokenSet } from '../../../src-main/vault/token-set';
import { captureLogs } from '../../support/log-capture';
import { asItem, asMember } from '../../support/barcodes';

const tokens: StoredTokenSet = {
  accessToken: 'at-migrate-5b2d4f6a8c0e',
  refreshToken: 'rt-migrate-3c1a0b2d4f6e',
  expiresAt: 1_900_000_000_000,
  scope: 'email serviceApi offline_access',
  tokenType: 'Bearer',
  authUrl: 'http://127.0.0.1:4000',
  clientId: 'library-kiosk',
  account: { name: 'Ada Staff', email: 'ada@example.org' },
};
const secret = { authUrl: 'http://127.0.0.1:4000', clientId: 'library-kiosk', secret: 'cs-9d7f5e' };
const LOANS = ['ITEM-7001', 'ITEM-7002', 'ITEM-7003'];
const CARD = asMember('P1234567');
const BLOCKED = asMember('P7654321');

let dir: string;
let dataDir: string;
let master: Buffer;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-keys-'));
  dataDir = path.join(dir, 'data');
  master = randomBytes(32);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const journalFile = (): string => offlineFiles(dataDir).journal;
const keysFolder = (): Promise<string[]> => readdir(path.join(dataDir, 'keys'));

/** A station as it was: plain key files, signed in, a confidential client, three unsynced loans. */
async function oldStation(): Promise<void> {
  const paths = fileVaultPaths(dataDir);
  expect((await createFileVault(paths).save(tokens)).ok).toBe(true);
  expect((await createClientSecretFile(paths).save(secret)).ok).toBe(true);
  const keys = createFileJournalKey(journalKeyFile(dataDir));
  const journal = await openOfflineJournal({ file: journalFile(), keys });
  for (const item of LOANS) {
    const recorded = await journal.record({
      kind: 'check-out',
      item: asItem(item),
      member: CARD,
      at: Date.now(),
    });
    expect(recorded.ok).toBe(true);
  }
  await journal.close();
  const key = await keys.load({ create: false });
  if (!key.ok) throw new Error('no journal key');
  const knowledge = await openOfflineKnowledge({
    file: offlineFiles(dataDir).knowledge,
    key: key.value,
    rememberDays: 30,
  });
  expect((await knowledge.importBlockList(`${BLOCKED}\n`, () => true)).imported).toBe(1);
  await knowledge.close();
}

/** Everything the station stored, as the kiosk reads it with `keys`. */
async function readStation(keys: KioskKeys) {
  const paths = fileVaultPaths(dataDir);
  const vault = await createFileVault(paths, keys.vault).load();
  const clientSecret = await createClientSecretFile(paths, keys.clientSecret).load();
  const journal = await openOfflineJournal({ file: journalFile(), keys: keys.journal });
  const items = journal.entries().map((entry) => entry.txn.item);
  const problem = journal.problem();
  await journal.close();
  const key = await keys.journal.load({ create: false });
  const knowledge = await openOfflineKnowledge({
    file: offlineFiles(dataDir).knowledge,
    key: key.ok ? key.value : undefined,
    rememberDays: 30,
  });
  const blocked = knowledge.blockOf(BLOCKED, Date.now());
  await knowledge.close();
  return { vault, clientSecret, items, problem, blocked };
}

const sealedFiles = async (): Promise<Buffer[]> => {
  const paths = fileVaultPaths(dataDir);
  return Promise.all(
    [paths.vaultFile, paths.clientSecretFile, journalFile(), offlineFiles(dataDir).knowledge].map(
      (file) => readFile(file),
    ),
  );
};

async function keyFileIn(folder: string): Promise<string> {
  const file = path.join(folder, 'kiosk.key');
  await writeFile(file, master, { mode: 0o640 });
  return file;
}

/** KIOSK_KEY_FILE as the station gives it; the test's user stands for root. */
const asRoot = {
  ...nodeKeySourceDeps,
  keyOwner: process.getuid?.() ?? 0,
  uid: (process.getuid?.() ?? 0) + 4242,
};

describe('a station given a master key keeps everything it stored', () => {
  it('seals the plain keys, deletes them, and reads tokens, client secret, journal and block list', async () => {
    await oldStation();
    const before = await sealedFiles();
    expect((await keysFolder()).sort()).toEqual(['offline-journal.key', 'token-vault.key']);

    const etc = await mkdtemp(path.join(os.tmpdir(), 'kiosk-keys-etc-'));
    try {
      const opened = await openKioskKeys(dataDir, { KIOSK_KEY_FILE: await keyFileIn(etc) }, asRoot);
      if (!opened.ok) throw new Error(opened.error.message);
      expect(opened.value.moved).toEqual({ vault: 'sealed', journal: 'sealed' });
      expect(opened.value.keys.source).toBe('key-file');
      expect((await keysFolder()).sort()).toEqual([
        'offline-journal.key.sealed',
        'token-vault.key.sealed',
      ]);
      const read = await readStation(opened.value.keys);
      expect(read.vault).toEqual({ ok: true, value: tokens });
      expect(read.clientSecret).toEqual({ ok: true, value: secret });
      expect(read.items).toEqual(LOANS);
      expect(read.problem).toBeUndefined();
      expect(read.blocked).toBe('member_blocked');
      // Nothing sealed was rewritten: the files keep their keys, only the keys moved.
      expect(await sealedFiles()).toEqual(before);

      // The next start finds nothing to move and reads the same.
      const again = await openKioskKeys(
        dataDir,
        { KIOSK_KEY_FILE: path.join(etc, 'kiosk.key') },
        asRoot,
      );
      if (!again.ok) throw new Error(again.error.message);
      expect(again.value.moved).toEqual({});
      expect((await readStation(again.value.keys)).items).toEqual(LOANS);
    } finally {
      await rm(etc, { recursive: true, force: true });
    }
  });

  it('after a crash between sealing a key and deleting the plain one, the next start finishes the move', async () => {
    await oldStation();
    // The crash: the sealed key is on disk, the plain one was never deleted.
    for (const [plain, purpose] of [
      [fileVaultPaths(dataDir).keyFile, 'vault'],
      [journalKeyFile(dataDir), 'journal'],
    ] as const) {
      const key = await readFile(plain);
      await writeFile(
        sealedKeyFile(plain),
        seal(
          wrappingKey(master, purpose),
          Buffer.from(`library-kiosk sealed key ${purpose} v1`),
          key,
        ),
        { mode: 0o600 },
      );
    }
    const moved = await sealDataFolderKeys(dataDir, master);
    expect(moved).toEqual({ vault: 'already-sealed', journal: 'already-sealed' });
    expect((await keysFolder()).sort()).toEqual([
      'offline-journal.key.sealed',
      'token-vault.key.sealed',
    ]);
    const read = await readStation(
      masterKeys(dataDir, { kind: 'systemd-credential', path: '-', master }),
    );
    expect(read.vault).toEqual({ ok: true, value: tokens });
    expect(read.items).toEqual(LOANS);
  });

  it('never deletes a plain key that differs from the sealed one, nor one under a sealed key it cannot open', async () => {
    await oldStation();
    const logs = captureLogs();
    try {
      const vaultKey = fileVaultPaths(dataDir).keyFile;
      // Another key was sealed earlier (say, by a CLI next to a kiosk still on plain keys).
      await writeFile(
        sealedKeyFile(vaultKey),
        seal(
          wrappingKey(master, 'vault'),
          Buffer.from('library-kiosk sealed key vault v1'),
          randomBytes(32),
        ),
      );
      // The journal's sealed key was sealed with another master key.
      const journalKey = journalKeyFile(dataDir);
      await writeFile(
        sealedKeyFile(journalKey),
        seal(
          wrappingKey(randomBytes(32), 'journal'),
          Buffer.from('library-kiosk sealed key journal v1'),
          randomBytes(32),
        ),
      );
      expect(await sealDataFolderKeys(dataDir, master)).toEqual({
        vault: 'kept: differs from the sealed key',
        journal: 'kept: sealed key does not open',
      });
      expect((await keysFolder()).sort()).toEqual([
        'offline-journal.key',
        'offline-journal.key.sealed',
        'token-vault.key',
        'token-vault.key.sealed',
      ]);
    } finally {
      logs.restore();
    }
  });
});

describe('the same data folder under another master key, and under none', () => {
  it('another master key: tokens are set aside unread, the journal is left whole and staff told', async () => {
    await oldStation();
    await sealDataFolderKeys(dataDir, master);
    const journalBefore = await readFile(journalFile());
    const logs = captureLogs();
    try {
      const other = masterKeys(dataDir, {
        kind: 'systemd-credential',
        path: '-',
        master: randomBytes(32),
      });
      const read = await readStation(other);
      expect(read.vault).toEqual({ ok: false, error: { kind: 'vault.corrupt' } });
      expect(read.items).toEqual([]);
      expect(read.problem).toEqual({ kind: 'key-unreadable' });
      expect(read.blocked).toBeUndefined();
      // Left as it is for the right key, never emptied.
      expect(await readFile(journalFile())).toEqual(journalBefore);
    } finally {
      logs.restore();
    }
    // Back with the right key, the loans are all there.
    const back = await readStation(masterKeys(dataDir, { kind: 'key-file', path: '-', master }));
    expect(back.items).toEqual(LOANS);
  });

  it('no key source: the kiosk refuses to start rather than make new plain keys', async () => {
    await oldStation();
    await sealDataFolderKeys(dataDir, master);
    const opened = await openKioskKeys(dataDir, {});
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.error.message).toBe(
      `The kiosk will not start: the keys of the data folder ${dataDir} are sealed with a master key kept outside it, and none is given (the systemd credential library-kiosk-key or KIOSK_KEY_FILE). Start it the way the station's unit does (docs/deployment.md).`,
    );
    expect((await keysFolder()).sort()).toEqual([
      'offline-journal.key.sealed',
      'token-vault.key.sealed',
    ]);
  });

  it('a fresh data folder with a master key never has a plain key file', async () => {
    const keys = masterKeys(dataDir, { kind: 'key-file', path: '-', master });
    expect((await createFileVault(fileVaultPaths(dataDir), keys.vault).save(tokens)).ok).toBe(true);
    const journal = await openOfflineJournal({ file: journalFile(), keys: keys.journal });
    await journal.record({ kind: 'check-in', item: asItem(LOANS[0]!), at: Date.now() });
    await journal.close();
    expect((await keysFolder()).sort()).toEqual([
      'offline-journal.key.sealed',
      'token-vault.key.sealed',
    ]);
    expect((await readStation(keys)).vault).toEqual({ ok: true, value: tokens });
    for (const name of await keysFolder()) {
      expect((await stat(path.join(dataDir, 'keys', name))).mode & 0o777).toBe(0o600);
    }
  });
});
