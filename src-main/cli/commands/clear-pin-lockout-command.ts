import path from 'node:path';
import { createFileSink } from '../../../src-shared/log/file-sink';
import { PIN_ATTEMPTS_FILE } from '../../staff-pin/attempts-file';
import { LOCKOUT_CLEARED_MESSAGE, clearLockoutIn } from '../../staff-pin/lockout-clear';
import { createConfSettingsStore } from '../../settings/conf-store';
import type { Command } from '../command';
import { EXIT } from '../exit-codes';

/** The web host's log file when it runs without --log-file (web-host/main.ts). */
export function webHostLogFile(dataDir: string): string {
  return path.join(dataDir, 'logs', 'kiosk.log');
}

/**
 * Clears the staff PIN lockout of this machine's kiosk (web host and CLI data folder), and
 * records it in the web host's log file: counts, times and the account, never a PIN.
 */
export const clearPinLockoutCommand: Command = ({ output, env }) => {
  const store = createConfSettingsStore({ env });
  const loaded = store.load();
  if (!loaded.ok) {
    output.failure(loaded.error.kind, loaded.error.message);
    return Promise.resolve(EXIT.usage);
  }
  const { dataDir } = loaded.value;
  const now = Date.now();
  const clear = clearLockoutIn(dataDir, now);
  const logFile = webHostLogFile(dataDir);
  if (clear.cleared) {
    // Straight to the kiosk's log file: the CLI's own log stays quiet on the terminal.
    const sink = createFileSink({ file: logFile, ownFolder: true });
    sink.sink({
      time: new Date(now).toISOString(),
      level: 'warn',
      scope: 'staff-pin',
      message: LOCKOUT_CLEARED_MESSAGE,
      data: clear.logData,
    });
    sink.close();
  }
  output.result(
    {
      cleared: clear.cleared,
      attemptsFile: path.join(dataDir, PIN_ATTEMPTS_FILE),
      ...clear.logData,
      ...(clear.cleared ? { logFile } : {}),
    },
    () => clear.text,
  );
  return Promise.resolve(EXIT.ok);
};
