import { chmod, lstat, readFile } from 'node:fs/promises';
import { SECRET_FILE_MODE } from './file-modes';
import { renameFile } from './files';
import { createLogger } from '../../src-shared/log/logger';

const log = createLogger('files:set-aside');

export interface SetAsideOptions {
  /** What the file holds, for the log: `token vault`, `client secret`. */
  holds: string;
  /** What follows for staff, for the log: `staff are signed out; ...`. */
  consequence: string;
  /**
   * The bytes judged unreadable. When given, the file is moved only if it still holds them, so a
   * good file another process (or a save) wrote in the meantime is never set aside.
   */
  expected?: Buffer;
  now?: () => Date;
}

/** `<file>.corrupt-<UTC time>`, without the colons Windows refuses in a file name. */
export function setAsideName(file: string, when: Date): string {
  return `${file}.corrupt-${when.toISOString().replace(/:/g, '-')}`;
}

async function exists(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    () => false,
  );
}

async function stillHolds(file: string, expected: Buffer | undefined): Promise<boolean> {
  if (!expected) return true;
  const current = await readFile(file).catch(() => null);
  return current !== null && current.equals(expected);
}

/**
 * Moves a secret file that cannot be read out of the way, to `<file>.corrupt-<timestamp>` beside
 * it (owner-only, 0600), so the next save writes a fresh one and nothing is lost for inspection.
 * Logs a warning naming both files, never their content. Never throws: the path it was moved to,
 * or null when it was gone already, changed meanwhile, or could not be moved (logged).
 */
export async function setAsideUnreadableFile(
  file: string,
  options: SetAsideOptions,
): Promise<string | null> {
  const now = options.now ?? (() => new Date());
  try {
    if (!(await stillHolds(file, options.expected))) return null;
    const base = setAsideName(file, now());
    let target = base;
    for (let attempt = 2; await exists(target); attempt += 1) target = `${base}-${attempt}`;
    await renameFile(file, target);
    // Owner-only, as it was meant to be (an older file may have been 0644); a folder keeps its mode.
    if ((await lstat(target)).isFile())
      await chmod(target, SECRET_FILE_MODE).catch(() => undefined);
    log.warn(`${options.holds} file could not be read and was set aside; ${options.consequence}`, {
      file,
      setAside: target,
    });
    return target;
  } catch (error) {
    if ((error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return null;
    log.error(`${options.holds} file could not be read, nor set aside; ${options.consequence}`, {
      file,
      error,
    });
    return null;
  }
}
