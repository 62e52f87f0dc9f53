import type { SettingsResult, StoredSettings } from './resolve';

/**
 * Persistence of kiosk settings. Each host has one implementation (electron-store in Electron,
 * conf in plain Node); both resolve through resolveSettings, so validation and environment
 * overrides behave the same everywhere.
 */
export interface SettingsStore {
  /** Effective settings: defaults, the stored document, then environment overrides. */
  load(): SettingsResult;
  /** The stored document only, without defaults or environment overrides (for editing, export). */
  stored(): StoredSettings;
  /**
   * Replace the stored document. It is validated first (with the current environment applied)
   * and written only when valid; environment overrides are never written to disk.
   */
  save(next: StoredSettings): SettingsResult;
  /** Where the settings live, for the staff screen and the README. */
  readonly location: string;
}

/** The raw key-value persistence a host provides; validation happens in createSettingsStore. */
export interface SettingsBackend {
  read(): unknown;
  write(document: StoredSettings): void;
  readonly location: string;
}
