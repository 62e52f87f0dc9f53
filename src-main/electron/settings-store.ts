import { app } from 'electron';
import Store from 'electron-store';
import { SECRET_FILE_MODE } from '../platform/file-modes';
import { createSettingsStore } from '../settings/create-store';
import type { StoredSettings } from '../settings/resolve';
import { readSettingsFile, settingsForConf } from '../settings/settings-file';
import type { SettingsStore } from '../settings/store';

/**
 * electron-store's options for `settings.json`: it holds the staff PIN hash, so owner-only. A file
 * it cannot parse is never replaced (conf's default, stated: staff must see and fix it).
 */
export const SETTINGS_STORE = {
  name: 'settings',
  configFileMode: SECRET_FILE_MODE,
  clearInvalidConfig: false,
} as const;

/**
 * electron-store, reading its file without throwing (settings-file.ts): it is built at module top
 * level in main, so a corrupt settings file must come back from load() as a message, not a throw.
 */
class SettingsElectronStore extends Store<StoredSettings> {
  override get store(): StoredSettings {
    return settingsForConf(this.path);
  }

  override set store(document: StoredSettings) {
    super.store = document;
  }
}

/**
 * Kiosk settings in Electron: electron-store's `settings.json` in userData, validated and
 * overridden from the environment exactly as in the Node hosts. Usable before `ready` (userData
 * is known from the start), so main can read the redirect scheme synchronously.
 */
export function createElectronSettingsStore(
  env: Record<string, string | undefined> = process.env,
): SettingsStore {
  const store = new SettingsElectronStore(SETTINGS_STORE);
  return createSettingsStore(
    {
      location: store.path,
      read: () => readSettingsFile(store.path),
      write: (document) => {
        store.store = document;
      },
    },
    { dataDir: env.KIOSK_DATA_DIR || app.getPath('userData') },
    env,
  );
}
