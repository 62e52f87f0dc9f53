import { createConfSettingsStore } from '../../settings/conf-store';
import { savePinProblemText, saveStaffPin } from '../../staff-pin/save-pin';
import type { Command } from '../command';
import { EXIT } from '../exit-codes';
import { readHiddenLine } from '../../../src-shared/read-hidden-line';

/**
 * Sets the PIN that opens staff mode on this machine's kiosk (web host and CLI settings); only
 * its scrypt hash is stored. Reads the PIN from stdin so it never appears in the shell history.
 */
export const setPin: Command = async ({ output, env, streams }) => {
  const store = createConfSettingsStore({ env });
  // A settings file that cannot be read is never written over (it would lose every other
  // setting): say so before asking for the PIN. An invalid value is left to save(): it may be the
  // PIN hash this replaces.
  const loaded = store.load();
  if (!loaded.ok && loaded.error.kind === 'settings-file') {
    output.failure('settings-file', loaded.error.message);
    return EXIT.usage;
  }
  const pin = await readHiddenLine(
    'New staff PIN (6 to 12 digits): ',
    process.stdin,
    streams.stderr,
  );
  const saved = await saveStaffPin(store, pin);
  if (!saved.ok) {
    const kind = saved.error.kind === 'staff.pin-format' ? 'usage' : saved.error.kind;
    output.failure(kind, savePinProblemText(saved.error));
    return EXIT.usage;
  }
  output.result(
    { saved: store.location },
    () => `Staff PIN saved (as a hash) in ${store.location}`,
  );
  return EXIT.ok;
};
