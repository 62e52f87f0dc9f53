import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { createLogger } from '../../src-shared/log/logger';
import { NO_ATTEMPTS } from '../core/staff-pin';
import type { PinAttemptStore, PinAttempts } from '../core/staff-pin';

const log = createLogger('staff-pin');

export const PIN_ATTEMPTS_FILE = 'staff-pin-attempts.json';

const AttemptsSchema = z.object({
  failures: z.number().int().min(0),
  lockedUntil: z.number().min(0),
});

/**
 * The staff PIN's failure count in the data folder (mode 0600, written whole then renamed). A
 * file that cannot be read as a count is not taken for "no failures": deleting or garbling it
 * would otherwise reset the back-off; it counts as one lockout's worth of failures instead.
 */
export function createPinAttemptFile(
  dataDir: string,
  { freeFailures = 5, now = Date.now } = {},
): PinAttemptStore {
  const file = path.join(dataDir, PIN_ATTEMPTS_FILE);
  let cached: PinAttempts | undefined;

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
      return { failures: freeFailures, lockedUntil: now() + 30_000 };
    }
  };

  return {
    load() {
      cached ??= read();
      return cached;
    },
    save(attempts) {
      cached = attempts;
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(attempts), { mode: 0o600 });
      renameSync(temporary, file);
    },
  };
}
