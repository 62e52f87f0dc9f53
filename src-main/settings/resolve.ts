import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import { ClientKindSchema, HTTP_URL, RedirectUriSchema, SettingsSchema } from './schema';
import type { Settings, SettingsInput } from './schema';
import type { SettingsFileError } from './settings-file';

/** The settings document as stored on disk: any field may be absent and takes its default. */
export type StoredSettings = Partial<SettingsInput>;

export interface InvalidSettingError {
  kind: 'invalid-setting';
  /** Dotted path of the setting, e.g. `service.baseUrl`. */
  setting: string;
  /** Where the bad value came from: an environment variable name or `settings file`. */
  source: string;
  /** One line, naming the setting, fit for a terminal or a staff screen. */
  message: string;
}

/** Why the kiosk cannot use its settings: a value (see above) or the settings file itself. */
export type SettingsError = InvalidSettingError | SettingsFileError;

export type SettingsResult = Result<Settings, SettingsError>;

export interface HostDefaults {
  /** Per-user data folder of the host (Electron userData, or a per-user folder for Node hosts). */
  dataDir: string;
}

type Env = Record<string, string | undefined>;

interface EnvOverride {
  variable: string;
  section: 'service' | 'patron' | null;
  key: string;
  valid: (value: string) => boolean;
  problem: string;
}

const URL_PROBLEM = 'must be an https URL (plain http only for 127.0.0.1, [::1] or localhost)';

const ENV_OVERRIDES: EnvOverride[] = [
  {
    variable: 'KIOSK_BASE_URL',
    section: 'service',
    key: 'baseUrl',
    valid: isHttpUrl,
    problem: URL_PROBLEM,
  },
  {
    variable: 'KIOSK_AUTH_URL',
    section: 'service',
    key: 'authUrl',
    valid: isHttpUrl,
    problem: URL_PROBLEM,
  },
  {
    variable: 'KIOSK_CLIENT_ID',
    section: 'service',
    key: 'clientId',
    valid: (value) => value.trim().length > 0,
    problem: 'must not be empty',
  },
  {
    variable: 'KIOSK_CLIENT_KIND',
    section: 'service',
    key: 'clientKind',
    valid: (value) => ClientKindSchema.safeParse(value).success,
    problem: "must be 'registered' or 'development'",
  },
  {
    variable: 'KIOSK_REDIRECT_URI',
    section: 'service',
    key: 'redirectUri',
    valid: (value) => RedirectUriSchema.safeParse(value).success,
    problem: 'must be a reversed-domain private-use URI or an http://127.0.0.1 loopback URI',
  },
  {
    // `npm start -- --sip2` sets it: the demo's patrons go over SIP2 to the built-in listener.
    variable: 'KIOSK_PATRON_BACK_END',
    section: 'patron',
    key: 'backEnd',
    valid: (value) => value === 'service' || value === 'sip2',
    problem: "must be 'service' or 'sip2'",
  },
  {
    variable: 'KIOSK_DATA_DIR',
    section: null,
    key: 'dataDir',
    valid: (value) => value.trim().length > 0,
    problem: 'must not be empty',
  },
];

/** A setting an environment variable fixes: its dotted path, the variable and its value. */
export interface FixedSetting {
  setting: string;
  variable: string;
  value: string;
}

/** The settings the environment fixes now, as resolveSettings applies them. */
export function fixedByEnvironment(env: Env): FixedSetting[] {
  return ENV_OVERRIDES.flatMap((override) => {
    const value = env[override.variable];
    return value ? [{ setting: settingPath(override), variable: override.variable, value }] : [];
  });
}

function isHttpUrl(value: string): boolean {
  return HTTP_URL.safeParse(value).success;
}

function settingPath(override: EnvOverride): string {
  return override.section ? `${override.section}.${override.key}` : override.key;
}

/**
 * Effective settings: host defaults, then the stored document, then environment overrides.
 * The first invalid value is reported as one line naming the setting and where it came from.
 */
export function resolveSettings(
  stored: unknown,
  env: Env,
  hostDefaults: HostDefaults,
): Result<Settings, InvalidSettingError> {
  const document: Record<string, unknown> =
    stored && typeof stored === 'object' && !Array.isArray(stored) ? { ...stored } : {};
  const service: Record<string, unknown> =
    document.service && typeof document.service === 'object' ? { ...document.service } : {};

  for (const override of ENV_OVERRIDES) {
    const value = env[override.variable];
    if (value === undefined || value === '') continue;
    if (!override.valid(value)) {
      const setting = settingPath(override);
      return err({
        kind: 'invalid-setting',
        setting,
        source: override.variable,
        message: `Invalid setting ${setting} (from ${override.variable}): ${override.problem}.`,
      });
    }
    if (override.section === 'service') service[override.key] = value;
    else if (override.section) {
      const section = document[override.section];
      document[override.section] = {
        ...(section && typeof section === 'object' ? section : {}),
        [override.key]: value,
      };
    } else document[override.key] = value;
  }

  const parsed = SettingsSchema.safeParse({
    dataDir: hostDefaults.dataDir,
    ...document,
    service,
  });
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const setting = issue && issue.path.length > 0 ? issue.path.join('.') : 'settings';
  return err({
    kind: 'invalid-setting',
    setting,
    source: 'settings file',
    message: `Invalid setting ${setting} (from the settings file): ${issue?.message ?? 'invalid value'}.`,
  });
}
