import { readFile } from 'node:fs/promises';
import { createLogger } from '../../src-shared/log/logger';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import { AEAD_KEY_BYTES, AEAD_OVERHEAD_BYTES, openAead, sealAead } from '../platform/aead';
import { replaceFile } from '../platform/durable-files';
import { removeFile } from '../platform/files';
import { createKeyFile } from '../platform/key-file';
import { setAsideUnreadableFile } from '../platform/set-aside';
import type { VaultError } from './vault';

const log = createLogger('vault:file');

const FORMAT_VERSION = 1;

/**
 * The AES-256 key a sealed file is sealed with: a random key file in the data folder
 * (dataFolderKey), or one derived from a master key kept outside it (kiosk-keys.ts).
 */
export interface SealingKey {
  /** The key to seal with; a data-folder key file is made here at the first save. */
  forWriting(): Promise<Buffer>;
  /** The key to open with; null when there is none (its key file not made yet, gone or damaged). */
  forReading(): Promise<Buffer | null>;
}

export interface SealedFileOptions {
  key: SealingKey;
  /** Version byte, IV, GCM tag, ciphertext. */
  file: string;
  /** Binds the ciphertext to its purpose, so one sealed file can never be read as another. */
  associatedData: string;
  /** What the file holds and what follows when it is set aside, for the log (set-aside.ts). */
  holds: string;
  consequence: string;
}

/** An AES-256-GCM sealed JSON document on disk (web host and CLI). Never logs its contents. */
export interface SealedFile {
  /**
   * The document as `parse` makes it (null: not such a document); null when there is no file. A
   * file that cannot be opened (damaged, truncated, sealed with another key, its key gone) or
   * whose content `parse` refuses is set aside as `<file>.corrupt-<timestamp>` and reported as
   * `vault.corrupt`, so the next write starts afresh and the old file stays for inspection.
   */
  read<T>(parse: (plaintext: Buffer) => T | null): Promise<Result<T | null, VaultError>>;
  write(plaintext: Buffer): Promise<Result<void, VaultError>>;
  remove(): Promise<void>;
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

/**
 * A random AES-256 key in a 0600 file in the data folder (several sealed files may share it),
 * made at the first save: what the web host and CLI use when no key source outside the data
 * folder is configured. A damaged key file is set aside, so the next save makes a new one.
 */
export function dataFolderKey(keyFile: string): SealingKey {
  return {
    // Created exclusively (mode 0600), or the one another process created first.
    forWriting: async () => (await readKey(keyFile)) ?? createKeyFile(keyFile),
    async forReading() {
      const key = await readKey(keyFile);
      if (!key || key.length === AEAD_KEY_BYTES) return key;
      await setAsideUnreadableFile(keyFile, {
        holds: 'token vault key',
        consequence:
          'a new key is made at the next save; files sealed with the old one are set aside when read',
        expected: key,
      });
      return null;
    },
  };
}

/** A key known already (derived from the master key): nothing to make or read. */
export function fixedKey(key: Buffer): SealingKey {
  return { forWriting: async () => key, forReading: async () => key };
}

/** Version byte, IV, GCM tag, ciphertext (aead.ts); `associatedData` binds it to its purpose. */
export function seal(key: Buffer, associatedData: Buffer, plaintext: Buffer): Buffer {
  return Buffer.concat([Buffer.from([FORMAT_VERSION]), sealAead(key, plaintext, associatedData)]);
}

/** The plaintext of a sealed file, or null when it does not open with this key. */
export function unseal(key: Buffer, associatedData: Buffer, sealed: Buffer): Buffer | null {
  if (sealed.length < 1 + AEAD_OVERHEAD_BYTES || sealed[0] !== FORMAT_VERSION) return null;
  return openAead(key, sealed.subarray(1), associatedData);
}

function parseSafely<T>(parse: (plaintext: Buffer) => T | null, plaintext: Buffer): T | null {
  try {
    return parse(plaintext);
  } catch {
    return null;
  }
}

export function createSealedFile(options: SealedFileOptions): SealedFile {
  const associatedData = Buffer.from(options.associatedData);
  // Writes run one after another in call order, so the newest document is the one left on disk
  // and a removal is never undone by an earlier write finishing late.
  let writes: Promise<unknown> = Promise.resolve();
  const serialised = <T>(next: () => Promise<T>): Promise<T> => {
    const done = writes.then(next);
    writes = done.catch(() => undefined);
    return done;
  };

  async function write(plaintext: Buffer): Promise<Result<void, VaultError>> {
    try {
      const key = await options.key.forWriting();
      // Written whole, flushed, renamed, its folder flushed (replaceFile): a power cut leaves the
      // previous file or the new one, and the new one once this resolved (a staff sign-in kept).
      await replaceFile(options.file, seal(key, associatedData, plaintext));
      return ok(undefined);
    } catch (error) {
      log.error('sealed file write failed', { file: options.file, error });
      return err(ioError(error));
    }
  }

  return {
    async read(parse) {
      let sealed: Buffer | null;
      let key: Buffer | null;
      try {
        sealed = await readFile(options.file).catch((error: unknown) => {
          if (isMissing(error)) return null;
          throw error;
        });
        if (!sealed) return ok(null);
        key = await options.key.forReading();
      } catch (error) {
        log.error('sealed file read failed', { file: options.file, error });
        return err(ioError(error));
      }
      const plaintext = key ? unseal(key, associatedData, sealed) : null;
      const document = plaintext ? parseSafely(parse, plaintext) : null;
      if (document === null) {
        await setAsideUnreadableFile(options.file, {
          holds: options.holds,
          consequence: options.consequence,
          expected: sealed,
        });
        return err({ kind: 'vault.corrupt' });
      }
      return ok(document);
    },

    write: (plaintext) => serialised(() => write(plaintext)),

    remove: () => serialised(() => removeFile(options.file)),
  };
}
