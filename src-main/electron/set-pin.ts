import type { SettingsStore } from '../settings/store';
import { savePinProblemText, saveStaffPin } from '../staff-pin/save-pin';
import { PIN_VARIABLE, readSecretLine } from './secret-input';
import type { SecretSources } from './secret-input';

/**
 * `--set-pin`: reads the new staff PIN (from --from-file, KIOSK_NEW_STAFF_PIN or stdin:
 * secret-input.ts) and stores its hash in this app's settings (electron-store), then the app
 * quits. The web host and CLI use `library-kiosk set-pin` instead. It takes no single-instance
 * lock (main.ts): electron-store writes the file atomically, and the running kiosk only reads it
 * when it starts.
 */
export async function setPin(
  store: SettingsStore,
  sources: SecretSources,
): Promise<string | undefined> {
  const pin = await readSecretLine(PIN_VARIABLE, sources);
  if (!pin.ok) return pin.error;
  const saved = await saveStaffPin(store, pin.value);
  return saved.ok ? undefined : savePinProblemText(saved.error);
}
