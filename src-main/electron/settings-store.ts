import { app } from 'electron';
import Store from 'electron-store';
import { SECRET_FILE_MODE } from '../host/file-modes';
import { createSettingsStore } from '../settings/create-store';
import type { StoredSettings } from '../settings/resolve';
import type { SettingsStore } from '../settings/store';

/** electron-store's options for `settings.json`: it holds the staff PIN hash, so owner-only. */
export const SETTINGS_STORE = { name: 'settings', configFileMode: SECRET_FILE_MODE } as const;

/**
 * Kiosk settings in Electron: electron-store's `settings.json` in userData, validated and
 * overridden from the environment exactly as in the Node hosts. Usable before `ready` (userData
 * is known from the start), so main can read the redirect scheme synchronously.
 */
export function createElectronSettingsStore(
  env: Record<string, string | undefined> = process.env,
): SettingsStore {
  const store = new Store<StoredSettings>(SETTINGS_STORE);
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
