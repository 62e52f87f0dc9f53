import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createLogger } from '../log/logger';
import { err, ok } from '../service/result';
import type { Result } from '../service/result';
import { StoredTokenSetSchema } from './token-set';
import type { StoredTokenSet } from './token-set';
import type { TokenVault, VaultError } from './vault';

const log = createLogger('vault:file');

const FORMAT_VERSION = 1;
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Binds the ciphertext to its purpose, so the same key could never decrypt another file type.
const ASSOCIATED_DATA = Buffer.from('library-kiosk token vault v1');

export interface FileVaultPaths {
  /** Random AES-256 key, created with mode 0600. */
  keyFile: string;
  /** Version byte, IV, GCM tag, ciphertext. */
  vaultFile: string;
}

/** Key and ciphertext in separate folders of the data folder, both apart from the settings file. */
export function fileVaultPaths(dataDir: string): FileVaultPaths {
  return {
    keyFile: path.join(dataDir, 'keys', 'token-vault.key'),
    vaultFile: path.join(dataDir, 'vault', 'tokens.bin'),
  };
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

function ioError(error: unknown): VaultError {
  return { kind: 'vault.io', detail: (error as NodeJS.ErrnoException).code ?? 'unknown' };
}

async function readKey(keyFile: string): Promise<Buffer | null> {
  try {
    return await readFile(keyFile);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Creates the key exclusively (mode 0600) or reads the one another process created first. */
async function ensureKey(keyFile: string): Promise<Buffer> {
  await mkdir(path.dirname(keyFile), { recursive: true, mode: 0o700 });
  const existing = await readKey(keyFile);
  if (existing) return existing;
  const key = randomBytes(KEY_BYTES);
  try {
    const handle = await open(keyFile, 'wx', 0o600);
    try {
      await handle.writeFile(key);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFile(keyFile);
    throw error;
  }
}

function encrypt(key: Buffer, plaintext: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(ASSOCIATED_DATA);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([FORMAT_VERSION]), iv, cipher.getAuthTag(), body]);
}

function decrypt(key: Buffer, sealed: Buffer): Buffer | null {
  if (key.length !== KEY_BYTES || sealed.length < 1 + IV_BYTES + TAG_BYTES) return null;
  if (sealed[0] !== FORMAT_VERSION) return null;
  const iv = sealed.subarray(1, 1 + IV_BYTES);
  const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(ASSOCIATED_DATA);
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    return null;
  }
}

function parseTokens(plaintext: Buffer): StoredTokenSet | null {
  try {
    const parsed = StoredTokenSetSchema.safeParse(JSON.parse(plaintext.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** AES-256-GCM token vault for the web host and the CLI. */
export function createFileVault(paths: FileVaultPaths): TokenVault {
  // Writes run one after another in call order, so the newest token set (after a rotation) is the
  // one left on disk and a clear is never undone by an earlier save finishing late.
  let writes: Promise<unknown> = Promise.resolve();
  const serialised = <T>(next: () => Promise<T>): Promise<T> => {
    const done = writes.then(next);
    writes = done.catch(() => undefined);
    return done;
  };

  async function write(tokens: StoredTokenSet): Promise<Result<void, VaultError>> {
    // A random temporary name: another process (a CLI next to the kiosk) may be saving too.
    const temporary = `${paths.vaultFile}.${randomBytes(8).toString('hex')}.tmp`;
    try {
      const key = await ensureKey(paths.keyFile);
      const sealed = encrypt(key, Buffer.from(JSON.stringify(tokens), 'utf8'));
      await mkdir(path.dirname(paths.vaultFile), { recursive: true, mode: 0o700 });
      // Write then rename, so a crash mid-write leaves the previous vault intact.
      await writeFile(temporary, sealed, { mode: 0o600 });
      await rename(temporary, paths.vaultFile);
      return ok(undefined);
    } catch (error) {
      log.error('token vault write failed', { error });
      await rm(temporary, { force: true }).catch(() => undefined);
      return err(ioError(error));
    }
  }

  return {
    status: () => ({ secure: true, persistent: true }),

    async load(): Promise<Result<StoredTokenSet | null, VaultError>> {
      try {
        const sealed = await readFile(paths.vaultFile).catch((error: unknown) => {
          if (isMissing(error)) return null;
          throw error;
        });
        if (!sealed) return ok(null);
        const key = await readKey(paths.keyFile);
        const plaintext = key ? decrypt(key, sealed) : null;
        const tokens = plaintext ? parseTokens(plaintext) : null;
        if (!tokens) {
          log.warn('token vault unreadable; treating as signed out', { file: paths.vaultFile });
          return err({ kind: 'vault.corrupt' });
        }
        return ok(tokens);
      } catch (error) {
        log.error('token vault read failed', { error });
        return err(ioError(error));
      }
    },

    save: (tokens: StoredTokenSet) => serialised(() => write(tokens)),

    clear: () => serialised(() => rm(paths.vaultFile, { force: true })),
  };
}
