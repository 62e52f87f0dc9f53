import { fixedByEnvironment, resolveSettings } from './resolve';
import type { HostDefaults, SettingsResult, StoredSettings } from './resolve';
import type { SettingsBackend, SettingsStore } from './store';

type Env = Record<string, string | undefined>;

export function createSettingsStore(
  backend: SettingsBackend,
  hostDefaults: HostDefaults,
  env: Env = process.env,
): SettingsStore {
  return {
    location: backend.location,
    load(): SettingsResult {
      const read = backend.read();
      return read.ok ? resolveSettings(read.value, env, hostDefaults) : read;
    },
    fixed: () => fixedByEnvironment(env),
    stored(): StoredSettings {
      const read = backend.read();
      return read.ok ? read.value : {};
    },
    save(next) {
      // A file that cannot be used stays as it is, for staff to fix: never written over.
      const current = backend.read();
      if (!current.ok) return current;
      const result = resolveSettings(next, env, hostDefaults);
      if (result.ok) backend.write(next);
      return result;
    },
  };
}
