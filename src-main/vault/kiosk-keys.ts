import { hkdfSync, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createLogger } from '../../src-shared/log/logger';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import { createFileJournalKey, journalKeyFile } from './journal-key';
import type { JournalKeySource } from './journal-key';
import { createDurably, fsyncFolder } from '../platform/durable-files';
import { removeFile } from '../platform/files';
import { fileVaultPaths } from './file-vault';
import type { VaultSealing } from './file-vault';
import { dataFolderKey, seal, unseal } from './sealed-file';
import type { SealingKey } from './sealed-file';
import { setAsideUnreadableFile } from '../platform/set-aside';
import { KEY_CREDENTIAL_NAME, resolveKeySource } from './key-source';
import type { KeySource, KeySourceDeps, KeySourceRefusal } from './key-source';

const log = createLogger('vault:keys');

const KEY_BYTES = 32;
/** Beside each data-folder key file, the same kind of key sealed with the master key. */
const SEALED_SUFFIX = '.sealed';

/**
 * The keys the web host and the CLI seal their files with. Each file keeps the random AES-256 key
 * it always had (so nothing sealed is ever rewritten, and the offline knowledge file's card hashes,
 * derived from the journal's key, stay valid); where that key lives is what the key source
 * decides:
 *
 * - master key outside the data folder (systemd credential, KIOSK_KEY_FILE): each key is kept
 *   sealed (AES-256-GCM) with its own wrapping key, derived from the master key with HKDF under a
 *   label of its purpose, in `keys/<name>.key.sealed`. A copy of the data folder holds only those.
 * - none (a checkout, demo mode): plain 0600 key files in `keys/`, which a copy carries along.
 */
export interface KioskKeys {
  source: KeySource['kind'];
  /** The token vault's key, and what the staff status screen calls its protection. */
  vault: VaultSealing;
  /** The client secret's key: the token vault's (its associated data keeps them apart). */
  clientSecret: SealingKey;
  journal: JournalKeySource;
}

/** The purposes a master key is stretched for; each label gives its own wrapping key. */
const PURPOSES = {
  vault: { info: 'library-kiosk token vault key wrap v1', holds: 'token vault key' },
  journal: { info: 'library-kiosk offline journal key wrap v1', holds: 'offline journal key' },
} as const;
type Purpose = keyof typeof PURPOSES;

export function wrappingKey(master: Buffer, purpose: Purpose): Buffer {
  return Buffer.from(
    hkdfSync('sha256', master, Buffer.alloc(0), PURPOSES[purpose].info, KEY_BYTES),
  );
}

function keyFiles(dataDir: string): Record<Purpose, string> {
  return { vault: fileVaultPaths(dataDir).keyFile, journal: journalKeyFile(dataDir) };
}

export function sealedKeyFile(keyFile: string): string {
  return `${keyFile}${SEALED_SUFFIX}`;
}

const associatedData = (purpose: Purpose): Buffer =>
  Buffer.from(`library-kiosk sealed key ${purpose} v1`);

async function readIfThere(file: string): Promise<Buffer | null> {
  return readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
}

type Unsealed =
  { kind: 'missing' } | { kind: 'unreadable'; sealed: Buffer } | { kind: 'key'; key: Buffer };

async function unsealKey(file: string, wrap: Buffer, purpose: Purpose): Promise<Unsealed> {
  const sealed = await readIfThere(file);
  if (!sealed) return { kind: 'missing' };
  const key = unseal(wrap, associatedData(purpose), sealed);
  return key && key.length === KEY_BYTES ? { kind: 'key', key } : { kind: 'unreadable', sealed };
}

/** A new random key, sealed into `file`; the one another process made first if it was quicker. */
async function createSealedKey(file: string, wrap: Buffer, purpose: Purpose): Promise<Buffer> {
  const key = randomBytes(KEY_BYTES);
  if (await createDurably(file, seal(wrap, associatedData(purpose), key))) return key;
  const other = await unsealKey(file, wrap, purpose);
  if (other.kind !== 'key')
    throw new Error(`the ${PURPOSES[purpose].holds} ${file} cannot be opened`);
  return other.key;
}

/**
 * The token vault's key sealed with the master key. One that does not open (sealed on another
 * machine, or with another credential) is set aside like a damaged key file: the vault it sealed
 * is then set aside when read, staff are signed out, and the next sign-in makes a new key.
 */
function sealedVaultKey(file: string, wrap: Buffer): SealingKey {
  async function forReading(): Promise<Buffer | null> {
    const found = await unsealKey(file, wrap, 'vault');
    if (found.kind === 'key') return found.key;
    if (found.kind === 'unreadable') {
      log.error(
        'the token vault key does not open with this master key (another machine, or another credential)',
        { file },
      );
      await setAsideUnreadableFile(file, {
        holds: 'token vault key',
        consequence:
          'a new key is made at the next save; files sealed with the old one are set aside when read',
        expected: found.sealed,
      });
    }
    return null;
  }
  return {
    forReading,
    forWriting: async () => (await forReading()) ?? createSealedKey(file, wrap, 'vault'),
  };
}

/**
 * The journal's key sealed with the master key. One that does not open is never replaced: the
 * journal stays as it is, refuses offline transactions and staff see why, until the right key
 * source is back (JournalKeyError `key-unreadable`).
 */
function sealedJournalKey(file: string, wrap: Buffer): JournalKeySource {
  return {
    async load({ create }) {
      const found = await unsealKey(file, wrap, 'journal');
      if (found.kind === 'key') return ok(found.key);
      if (found.kind === 'unreadable') {
        log.error(
          'the offline journal key does not open with this master key (another machine, or another credential); the journal is left as it is',
          { file },
        );
        return err({ kind: 'key-unreadable' });
      }
      if (!create) return err({ kind: 'key-missing' });
      return ok(await createSealedKey(file, wrap, 'journal'));
    },
  };
}

/** The data folder's own key files: what a checkout and demo mode use. */
export function dataFolderKeys(dataDir: string): KioskKeys {
  const files = keyFiles(dataDir);
  const vaultKey = dataFolderKey(files.vault);
  return {
    source: 'data-folder',
    vault: { key: vaultKey, protection: 'key-file' },
    clientSecret: vaultKey,
    journal: createFileJournalKey(files.journal),
  };
}

/** The keys sealed with a master key from outside the data folder. */
export function masterKeys(
  dataDir: string,
  source: Exclude<KeySource, { kind: 'data-folder' }>,
): KioskKeys {
  const files = keyFiles(dataDir);
  const vaultKey = sealedVaultKey(sealedKeyFile(files.vault), wrappingKey(source.master, 'vault'));
  return {
    source: source.kind,
    vault: {
      key: vaultKey,
      protection: source.kind === 'systemd-credential' ? 'systemd-credential' : 'outside-key-file',
    },
    clientSecret: vaultKey,
    journal: sealedJournalKey(sealedKeyFile(files.journal), wrappingKey(source.master, 'journal')),
  };
}

/** What became of one data-folder key file when a master key came. */
export type KeyMove =
  | 'sealed'
  | 'already-sealed'
  | 'kept: differs from the sealed key'
  | 'kept: sealed key does not open';

/**
 * Moves the data folder's plain key files under the master key, losing nothing: each key is
 * sealed into `<name>.key.sealed` (written, flushed, linked into place, folder flushed) and only
 * then is the plain file deleted (and the folder flushed). A crash in between leaves both, and
 * the next start deletes the plain one once it sees the sealed one holds the same key. No sealed
 * file (token vault, client secret, journal, card knowledge) is rewritten: they keep their keys.
 * A plain key that differs from an existing sealed one, or a sealed one this master key does not
 * open, is left where it is (logged): it may be all that opens some file.
 */
export async function sealDataFolderKeys(
  dataDir: string,
  master: Buffer,
): Promise<Partial<Record<Purpose, KeyMove>>> {
  const files = keyFiles(dataDir);
  const moves: Partial<Record<Purpose, KeyMove>> = {};
  for (const purpose of Object.keys(files) as Purpose[]) {
    const plainFile = files[purpose];
    const plain = await readIfThere(plainFile);
    // A damaged plain key (not 32 bytes) opens nothing: its own readers set it aside as before.
    if (!plain || plain.length !== KEY_BYTES) continue;
    const sealedFile = sealedKeyFile(plainFile);
    const wrap = wrappingKey(master, purpose);
    const existing = await unsealKey(sealedFile, wrap, purpose);
    if (existing.kind === 'unreadable') {
      moves[purpose] = 'kept: sealed key does not open';
      log.error(
        `the ${PURPOSES[purpose].holds} is sealed with another master key; the plain key file is left where it is`,
        { file: plainFile },
      );
      continue;
    }
    if (existing.kind === 'key' && !existing.key.equals(plain)) {
      moves[purpose] = 'kept: differs from the sealed key';
      log.error(
        `the ${PURPOSES[purpose].holds} file differs from the sealed one; it is left where it is`,
        { file: plainFile },
      );
      continue;
    }
    if (
      existing.kind === 'missing' &&
      !(await createDurably(sealedFile, seal(wrap, associatedData(purpose), plain)))
    ) {
      // Another process sealed one meanwhile: the next start compares them.
      continue;
    }
    await removeFile(plainFile);
    await fsyncFolder(path.dirname(plainFile));
    moves[purpose] = existing.kind === 'key' ? 'already-sealed' : 'sealed';
    log.info(
      `the ${PURPOSES[purpose].holds} is now sealed with the master key; the plain key file is deleted`,
      { file: sealedFile },
    );
  }
  return moves;
}

/** Sealed key files in the data folder: the folder needs its master key to be read. */
async function sealedKeysPresent(dataDir: string): Promise<string[]> {
  const files = Object.values(keyFiles(dataDir)).map(sealedKeyFile);
  const present = await Promise.all(
    files.map(async (file) => ((await readIfThere(file)) ? file : null)),
  );
  return present.filter((file): file is string => file !== null);
}

export interface OpenedKioskKeys {
  keys: KioskKeys;
  /** Data-folder keys sealed at this start (migration). */
  moved: Partial<Record<Purpose, KeyMove>>;
}

/**
 * The keys for this process (web host, CLI): from the key source its environment names, with
 * the data folder's plain key files sealed under it on the first start that has one. Refused:
 * a key source that is configured but unusable (key-source.ts), and a data folder whose keys are
 * sealed when no key source is given (falling back to new plain keys would set aside what is
 * stored and drop the journal's key).
 */
export async function openKioskKeys(
  dataDir: string,
  env: Record<string, string | undefined>,
  deps?: KeySourceDeps,
): Promise<Result<OpenedKioskKeys, KeySourceRefusal>> {
  const source = resolveKeySource(env, dataDir, deps);
  if (!source.ok) return source;
  if (source.value.kind === 'data-folder') {
    const sealed = await sealedKeysPresent(dataDir);
    if (sealed.length > 0) {
      return err({
        kind: 'key-source',
        path: sealed[0]!,
        message: `The kiosk will not start: the keys of the data folder ${dataDir} are sealed with a master key kept outside it, and none is given (the systemd credential ${KEY_CREDENTIAL_NAME} or KIOSK_KEY_FILE). Start it the way the station's unit does (docs/deployment.md).`,
      });
    }
    return ok({ keys: dataFolderKeys(dataDir), moved: {} });
  }
  const moved = await sealDataFolderKeys(dataDir, source.value.master);
  return ok({ keys: masterKeys(dataDir, source.value), moved });
}
