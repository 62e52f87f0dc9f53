import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import { readJsonObjectFile } from './json-file';
import type { JsonFileProblem } from './json-file';
import type { StoredSettings } from './resolve';

/**
 * The settings file exists but cannot be used (unreadable, not JSON, not a JSON object). The kiosk
 * refuses to start and nothing writes over the file: staff fix or remove it.
 */
export interface SettingsFileError {
  kind: 'settings-file';
  /** Full path of the settings file. */
  file: string;
  problem: JsonFileProblem['kind'];
  /** One line naming the file, what is wrong and what to do; never the file's content. */
  message: string;
}

export function settingsFileMessage(file: string, detail: string): string {
  return `The settings file ${file} ${detail}. Fix or remove it (removing it resets every setting, the staff PIN included); the kiosk does not start with it.`;
}

/** The stored settings document: `{}` when there is no file yet. Never throws. */
export function readSettingsFile(file: string): Result<StoredSettings, SettingsFileError> {
  const read = readJsonObjectFile(file);
  if (read.ok) return ok((read.value ?? {}) as StoredSettings);
  return err({
    kind: 'settings-file',
    file,
    problem: read.error.kind,
    message: settingsFileMessage(file, read.error.detail),
  });
}

/**
 * What conf (and electron-store, built on it) reads as its `store`: conf parses its file in its
 * constructor and at every access and throws on a corrupt one, which at module top level crashed
 * the start. Its stores override the `store` getter with this, so conf itself never throws on the
 * file; the settings store reads it with readSettingsFile and reports the problem instead.
 */
export function settingsForConf(file: string): StoredSettings {
  const read = readSettingsFile(file);
  return read.ok ? read.value : {};
}
