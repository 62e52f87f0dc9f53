import { app } from 'electron';
import Store from 'electron-store';
import { createSettingsStore } from '../settings/create-store';
import type { StoredSettings } from '../settings/resolve';
import type { SettingsStore } from '../settings/store';

/**
 * Kiosk settings in Electron: electron-store's `settings.json` in userData, validated and
 * overridden from the environment exactly as in the Node hosts. Usable before `ready` (userData
 * is known from the start), so main can read the redirect scheme synchronously.
 */
export function createElectronSettingsStore(
  env: Record<string, string | undefined> = process.env,
): SettingsStore {
  const store = new Store<StoredSettings>({ name: 'settings' });
  return createSettingsStore(
    {
      location: store.path,
      read: () => store.store,
      write: (document) => {
        store.store = document;
      },
    },
    { dataDir: env.KIOSK_DATA_DIR || app.getPath('userData') },
    env,
  );
}
