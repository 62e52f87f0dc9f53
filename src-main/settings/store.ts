import type { Result } from '../../src-common/result';
import type { FixedSetting, SettingsResult, StoredSettings } from './resolve';
import type { SettingsFileError } from './settings-file';

/**
 * Persistence of kiosk settings. Each host has one implementation (electron-store in Electron,
 * conf in plain Node); both resolve through resolveSettings, so validation and environment
 * overrides behave the same everywhere.
 */
export interface SettingsStore {
  /**
   * Effective settings: defaults, the stored document, then environment overrides. Never throws:
   * a settings file that cannot be read or is not a JSON object is an error naming the file.
   */
  load(): SettingsResult;
  /**
   * The stored document only, without defaults or environment overrides (for editing, export).
   * `{}` when there is no file, and also when the file cannot be used (load and save report it).
   */
  stored(): StoredSettings;
  /**
   * Replace the stored document. It is validated first (with the current environment applied)
   * and written only when valid; environment overrides are never written to disk. A settings file
   * that cannot be used is never written over: save reports it as load does.
   */
  save(next: StoredSettings): SettingsResult;
  /** Settings an environment variable fixes (saving cannot change them), with its value. */
  fixed(): FixedSetting[];
  /** Where the settings live, for the staff screen and the README. */
  readonly location: string;
}

/** The raw key-value persistence a host provides; validation happens in createSettingsStore. */
export interface SettingsBackend {
  /** The stored document (`{}` when there is no file yet), or why the file cannot be used. */
  read(): Result<StoredSettings, SettingsFileError>;
  write(document: StoredSettings): void;
  readonly location: string;
}
