import { createInterface } from 'node:readline';
import type { SettingsStore } from '../settings/store';
import { hashStaffPin } from '../settings/staff-pin';

/**
 * `--set-pin`: reads the new staff PIN from stdin and stores its hash in this app's settings
 * (electron-store), then the app quits. The web host and CLI use `library-kiosk set-pin` instead.
 * It takes no single-instance lock (main.ts): electron-store writes the file atomically, and the
 * running kiosk only reads it when it starts.
 */
export async function setPinFromStdin(
  store: SettingsStore,
  input: NodeJS.ReadableStream = process.stdin,
): Promise<string | undefined> {
  const lines = createInterface({ input });
  let pin = '';
  for await (const line of lines) {
    pin = line.trim();
    break;
  }
  lines.close();
  const hashed = await hashStaffPin(pin);
  if (!hashed.ok) return 'The staff PIN must be 6 to 12 digits.';
  const stored = store.stored();
  const saved = store.save({ ...stored, staff: { ...stored.staff, pinHash: hashed.value } });
  return saved.ok ? undefined : saved.error.message;
}
