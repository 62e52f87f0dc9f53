import os from 'node:os';
import { clearPinLockout, lockoutCounted } from './gate';
import type { PinAttempts } from './gate';
import { createPinAttemptFile } from './attempts-file';

/** What clearing the lockout found and did, for the command's output and the log. */
export interface LockoutClear {
  /** False when there was nothing to clear (no lockout, no wrong PIN in the back-off count). */
  cleared: boolean;
  before: PinAttempts;
  /** The log record's data: counts, times and the account that ran it; never a PIN. */
  logData: Record<string, string | number>;
  /** The lines staff read on the terminal. */
  text: string;
}

export const LOCKOUT_CLEARED_MESSAGE = 'the staff PIN lockout was cleared from the command line';

/** "2026-11-25, 14:02:10": the station's local time, as staff read the clock beside it. */
function localTime(epochMs: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    dateStyle: 'short',
    timeStyle: 'medium',
    hourCycle: 'h23',
  }).format(epochMs);
}

function clearedText(before: PinAttempts, now: number): string {
  const lines = ['Staff PIN lockout cleared: the right PIN opens staff mode at once.'];
  if (before.wrongSinceEntry > 0) {
    lines.push(
      `Wrong PINs since staff last entered: ${before.wrongSinceEntry}` +
        (before.lastWrongAt === undefined ? '' : `, the last at ${localTime(before.lastWrongAt)}`) +
        ' (staff mode shows them at the next entry).',
    );
  }
  if (before.lockedUntil > now) lines.push(`It was locked until ${localTime(before.lockedUntil)}.`);
  return lines.join('\n');
}

/**
 * Staff's recovery from a lockout a patron keeps up: run on the station (the web host's
 * `library-kiosk clear-pin-lockout`, the Electron app's `--clear-pin-lockout`) by someone with its
 * account, which a patron at the kiosk's keyboard does not have. It writes the attempt file the
 * kiosk reads, so a running kiosk takes it at the next PIN.
 */
export function clearLockoutIn(dataDir: string, now = Date.now()): LockoutClear {
  const before = clearPinLockout(createPinAttemptFile(dataDir));
  const cleared = lockoutCounted(before);
  const logData = {
    by: os.userInfo().username,
    wrongSinceEntry: before.wrongSinceEntry,
    ...(before.lastWrongAt === undefined
      ? {}
      : { lastWrongAt: new Date(before.lastWrongAt).toISOString() }),
    ...(before.lockedUntil > now
      ? { wasLockedUntil: new Date(before.lockedUntil).toISOString() }
      : {}),
  };
  return {
    cleared,
    before,
    logData,
    text: cleared
      ? clearedText(before, now)
      : 'The staff PIN is not locked and no wrong PIN is counted against it: nothing to clear.',
  };
}
