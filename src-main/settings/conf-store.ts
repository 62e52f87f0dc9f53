import { mkdirSync } from 'node:fs';
import Conf from 'conf';
import { createSettingsStore } from './create-store';
import { defaultDataDir } from './data-dir';
import type { StoredSettings } from './resolve';
import type { SettingsStore } from './store';

export interface ConfSettingsOptions {
  /**
   * Folder of the settings file. Default: KIOSK_DATA_DIR when set (so a test or a second kiosk
   * profile is fully self-contained), otherwise conf's per-user config folder.
   */
  directory?: string;
  env?: Record<string, string | undefined>;
}

/** Settings for the plain-Node hosts (web host, CLI), persisted with conf as `settings.json`. */
export function createConfSettingsStore(options: ConfSettingsOptions = {}): SettingsStore {
  const env = options.env ?? process.env;
  const directory = options.directory ?? (env.KIOSK_DATA_DIR || undefined);
  // conf would make a missing folder with the default mode; the data folder is the kiosk's alone.
  if (directory) mkdirSync(directory, { recursive: true, mode: 0o700 });
  const conf = new Conf<StoredSettings>({
    projectName: 'library-kiosk',
    configName: 'settings',
    ...(directory ? { cwd: directory } : {}),
    configFileMode: 0o600,
  });
  return createSettingsStore(
    {
      location: conf.path,
      read: () => conf.store,
      write: (document) => {
        conf.store = document;
      },
    },
    // KIOSK_DATA_DIR, when set, overrides this like every other KIOSK_* variable (resolve.ts).
    { dataDir: defaultDataDir(process.platform, env) },
    env,
  );
}
