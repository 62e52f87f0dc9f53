import { createConfSettingsStore } from '../../settings/conf-store';
import { removeStaffCard, saveNewStaffCard } from '../../staff-pin/save-staff-card';
import type { Command } from '../command';
import { EXIT } from '../exit-codes';

/**
 * Makes the staff card of this machine's kiosk (web host and CLI settings): prints its code once,
 * to be printed as a barcode, and stores only its hash; `--remove` takes the card away. A running
 * kiosk takes it at its next start (the settings screen's own button takes effect at once).
 */
export const staffCard: Command = ({ parsed, output, env }) => {
  const store = createConfSettingsStore({ env });
  // A settings file that cannot be read is never written over (it would lose every setting).
  const loaded = store.load();
  if (!loaded.ok && loaded.error.kind === 'settings-file') {
    output.failure('settings-file', loaded.error.message);
    return Promise.resolve(EXIT.usage);
  }
  if (parsed.options.remove === true) {
    const removed = removeStaffCard(store);
    if (!removed.ok) {
      output.failure(removed.error.kind, removed.error.message);
      return Promise.resolve(EXIT.usage);
    }
    output.result({ removed: true, saved: store.location }, () => 'Staff card removed.');
    return Promise.resolve(EXIT.ok);
  }
  const made = saveNewStaffCard(store);
  if (!made.ok) {
    output.failure(made.error.kind, made.error.message);
    return Promise.resolve(EXIT.usage);
  }
  const { code } = made.value;
  output.result({ code, saved: store.location }, () =>
    [
      `Staff card code: ${code}`,
      'Print it as a Code 128 barcode (the label printer of the item barcodes does) and keep the card with staff.',
      'Scanned on the staff PIN screen, it lets staff type the PIN even while a lockout runs.',
      `Only its hash is stored, in ${store.location}; the code is not shown again. Restart the kiosk to use it.`,
    ].join('\n'),
  );
  return Promise.resolve(EXIT.ok);
};
