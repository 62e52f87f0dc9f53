import Conf from 'conf';
import { replaceFileSync } from '../platform/durable-files';
import { DATA_FOLDER_MODE } from '../platform/file-modes';
import { makeFolderSync } from '../platform/files-sync';
import { createSettingsStore } from './create-store';
import { defaultDataDir } from './data-dir';
import type { StoredSettings } from './resolve';
import { readSettingsFile, settingsForConf } from './settings-file';
import type { SettingsStore } from './store';

export interface ConfSettingsOptions {
  /**
   * Folder of the settings file. Default: KIOSK_DATA_DIR when set (so a test or a second kiosk
   * profile is fully self-contained), otherwise conf's per-user config folder.
   */
  directory?: string;
  env?: Record<string, string | undefined>;
}

/**
 * conf, reading its file without throwing (settings-file.ts): a corrupt settings file is reported
 * by load() and save(), never thrown from the constructor. It names the file; the store writes it
 * with platform/'s replaceFileSync (durable, and seen by the crash-point recorder).
 */
class SettingsConf extends Conf<StoredSettings> {
  override get store(): StoredSettings {
    return settingsForConf(this.path);
  }

  override set store(document: StoredSettings) {
    super.store = document;
  }
}

/** Settings for the plain-Node hosts (web host, CLI), persisted with conf as `settings.json`. */
export function createConfSettingsStore(options: ConfSettingsOptions = {}): SettingsStore {
  const env = options.env ?? process.env;
  const directory = options.directory ?? (env.KIOSK_DATA_DIR || undefined);
  // conf would make a missing folder with the default mode; the data folder is the kiosk's alone.
  if (directory) makeFolderSync(directory, DATA_FOLDER_MODE);
  const conf = new SettingsConf({
    projectName: 'library-kiosk',
    configName: 'settings',
    ...(directory ? { cwd: directory } : {}),
    configFileMode: 0o600,
    // Never replace a file it cannot parse (conf's default, stated: staff must see and fix it).
    clearInvalidConfig: false,
  });
  return createSettingsStore(
    {
      location: conf.path,
      read: () => readSettingsFile(conf.path),
      // As conf wrote it (tab-indented JSON, 0600), on disk before staff see it saved: conf's
      // own write renamed it without flushing the folder, so a power cut could undo the save.
      write: (document) => replaceFileSync(conf.path, JSON.stringify(document, undefined, '\t')),
    },
    // KIOSK_DATA_DIR, when set, overrides this like every other KIOSK_* variable (resolve.ts).
    { dataDir: defaultDataDir(process.platform, env) },
    env,
  );
}
