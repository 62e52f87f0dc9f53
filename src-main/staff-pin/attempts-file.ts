import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { createLogger } from '../../src-shared/log/logger';
import { replaceFileSync } from '../platform/durable-files';
import { NO_ATTEMPTS } from './gate';
import type { PinAttemptStore, PinAttempts } from './gate';

const log = createLogger('staff-pin');

export const PIN_ATTEMPTS_FILE = 'staff-pin-attempts.json';

const AttemptsSchema = z
  .object({
    failures: z.number().int().min(0),
    lockedUntil: z.number().min(0),
    wrongSinceEntry: z.number().int().min(0).optional(),
    lastWrongAt: z.number().min(0).optional(),
    cardFailures: z.number().int().min(0).optional(),
    cardLockedUntil: z.number().min(0).optional(),
  })
  // A record from before the count since staff last entered was kept: its failures are that count.
  .transform(({ wrongSinceEntry, ...rest }) => ({
    ...rest,
    wrongSinceEntry: wrongSinceEntry ?? rest.failures,
  }));

/** Which version of the file was read: the command line may replace it while the kiosk runs. */
function versionOf(file: string): string {
  try {
    const { ino, mtimeMs, size } = statSync(file);
    return `${ino}:${mtimeMs}:${size}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
    throw error;
  }
}

/**
 * The staff PIN's failure count in the data folder (mode 0600, written whole then renamed). A
 * file that cannot be read as a count is not taken for "no failures": deleting or garbling it
 * would otherwise reset the back-off; it counts as one lockout's worth of failures instead.
 * The kiosk reads it again whenever it was replaced (`clear-pin-lockout` writes it from another
 * process), and keeps what it read while it is the same file.
 */
export function createPinAttemptFile(
  dataDir: string,
  { freeFailures = 5, now = Date.now } = {},
): PinAttemptStore {
  const file = path.join(dataDir, PIN_ATTEMPTS_FILE);
  let cached: { version: string; attempts: PinAttempts } | undefined;

  const read = (): PinAttempts => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return NO_ATTEMPTS;
      throw error;
    }
    try {
      return AttemptsSchema.parse(JSON.parse(text));
    } catch {
      log.warn('the staff PIN attempt record is unreadable: counted as a lockout', { file });
      return { failures: freeFailures, lockedUntil: now() + 30_000, wrongSinceEntry: 0 };
    }
  };

  return {
    load() {
      const version = versionOf(file);
      if (cached?.version !== version) cached = { version, attempts: read() };
      return cached.attempts;
    },
    save(attempts) {
      replaceFileSync(file, JSON.stringify(attempts));
      cached = { version: versionOf(file), attempts };
    },
  };
}
