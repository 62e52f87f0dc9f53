import { resolveSettings } from './resolve';
import type { HostDefaults, StoredSettings } from './resolve';
import type { SettingsBackend, SettingsStore } from './store';

type Env = Record<string, string | undefined>;

export function createSettingsStore(
  backend: SettingsBackend,
  hostDefaults: HostDefaults,
  env: Env = process.env,
): SettingsStore {
  const stored = (): StoredSettings => {
    const document = backend.read();
    return document && typeof document === 'object' && !Array.isArray(document)
      ? (document as StoredSettings)
      : {};
  };
  return {
    location: backend.location,
    load: () => resolveSettings(stored(), env, hostDefaults),
    stored,
    save(next) {
      const result = resolveSettings(next, env, hostDefaults);
      if (result.ok) backend.write(next);
      return result;
    },
  };
}
