import { createHash } from 'node:crypto';
import { createLogger } from '../../src-shared/log/logger';
import { downloadFleetFile } from './fleet-download';
import { parsePublicKey, readFleetFile } from './fleet-file';
import type { FleetFileProblem } from './fleet-file';
import type { FleetRefusalReason, FleetState, FleetStateFile } from './fleet-state-file';
import type { StoredSettings } from './resolve';
import type { FleetSettings } from './schema';
import { securityChanges } from './security-changes';
import { settingsDigest } from './settings-digest';
import type { SettingsStore } from './store';
import { applyImport, readSettingsExport } from './transfer';

const log = createLogger('fleet-settings');

export type FleetCheck =
  | { outcome: 'applied'; version: number }
  /** The file in force fetched again: the steady state, nothing to do. */
  | { outcome: 'unchanged'; version: number }
  | { outcome: 'refused'; reason: FleetRefusalReason; line: string };

export interface FleetUpdaterOptions {
  settings: FleetSettings;
  store: SettingsStore;
  state: FleetStateFile;
  timeoutMs?: number;
  /** The host's fetch (Electron: Chromium's network stack); absent, Node's. */
  fetch?: typeof fetch;
  /** Called after a file was applied: the host restarts where saved settings need it. */
  onApplied?: (version: number) => void;
  now?: () => Date;
}

const PROBLEM_WORDS: Record<FleetFileProblem, string> = {
  'not-a-fleet-file': 'it is not a signed fleet settings file',
  'bad-signature':
    'its signature does not match the configured public key (changed, or signed with another key)',
  'no-version': 'it carries no version (a positive whole number)',
  'bad-public-key': 'fleet.publicKey is not an Ed25519 public key',
  'bad-policy': "its policy is not a list of change names this kiosk knows (a newer version's?)",
};

/** What identifies a signed text: a file with the version in force must carry the same. */
function signedTextSha256(signedText: string): string {
  return createHash('sha256').update(signedText, 'utf8').digest('hex');
}

/** A copy of `next` with the kiosk's own `fleet` group: a file cannot move or re-key its source. */
function withOwnFleet(next: StoredSettings, current: StoredSettings): StoredSettings {
  const copy = structuredClone(next) as Record<string, unknown>;
  const own = (current as Record<string, unknown>).fleet;
  if (own === undefined) delete copy.fleet;
  else copy.fleet = structuredClone(own);
  return copy as StoredSettings;
}

/**
 * Fetches the signed fleet file, checks it and applies it as a staff import would be (the same
 * reading, the same schema, the same save), or refuses it with one log line and leaves the
 * settings in force as they are. A change that needs staff's own confirmation (a new address, a
 * lowered protection) is refused unless the fleet's policy, signed with the file, names it: a
 * file cannot give that confirmation, only the fleet key's holder can decide it for the fleet.
 */
export function createFleetUpdater(options: FleetUpdaterOptions) {
  const { settings, store, state } = options;
  const now = options.now ?? (() => new Date());
  const url = settings.url;
  const host = url ? new URL(url).host : '';
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<FleetCheck> | undefined;
  // The refusal last logged at warn (reason, version, host): while it repeats, each interval
  // logs it at debug only. A different refusal, or a good file in between, forgets it.
  let warned: string | undefined;
  const logRefusal = (level: 'warn' | 'error', line: string, data: Record<string, unknown>) => {
    const key = JSON.stringify([data.reason, data.version, host]);
    if (key === warned) {
      log.debug(line, data);
      return;
    }
    warned = key;
    log[level](line, data);
  };

  const writeState = (next: FleetState) => {
    try {
      state.write(next);
    } catch (error) {
      log.error('the fleet state file could not be written', { error });
    }
  };

  const inForceWords = (current: FleetState) =>
    current.inForce ? `fleet version ${current.inForce.version}` : 'local settings';

  const refuse = (
    current: FleetState,
    reason: FleetRefusalReason,
    why: string,
    version?: number,
  ): FleetCheck => {
    const line = `fleet settings from ${host} refused: ${why}; keeping ${inForceWords(current)}`;
    logRefusal('warn', line, { reason, host, ...(version === undefined ? {} : { version }) });
    writeState({
      ...current,
      lastRefusal: {
        reason,
        at: now().toISOString(),
        host,
        ...(version === undefined ? {} : { version }),
      },
    });
    return { outcome: 'refused', reason, line };
  };

  const checkOnce = async (): Promise<FleetCheck> => {
    const read = state.read();
    if (!read.ok) {
      const line = `fleet settings not checked: ${state.file} cannot be read (remove it to start the version count again); keeping the settings in force`;
      logRefusal('error', line, { reason: 'state-unreadable' });
      return { outcome: 'refused', reason: 'state-unreadable', line };
    }
    const current = read.value;
    if (!url || !settings.publicKey) return refuse(current, 'unreachable', 'no fleet.url set');
    const key = parsePublicKey(settings.publicKey);
    if (!key.ok) return refuse(current, 'bad-signature', PROBLEM_WORDS['bad-public-key']);
    const downloaded = await downloadFleetFile(url, {
      timeoutMs: options.timeoutMs ?? 10_000,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    if (!downloaded.ok) return refuse(current, 'unreachable', `the URL ${downloaded.error}`);
    const file = readFleetFile(downloaded.value, key.value);
    if (!file.ok) {
      const reason = file.error === 'bad-public-key' ? 'bad-signature' : file.error;
      return refuse(current, reason, PROBLEM_WORDS[file.error]);
    }
    const { version, issuedAt, exportText, signedText, allow } = file.value;
    const inForce = current.inForce?.version ?? 0;
    const signedSha256 = signedTextSha256(signedText);
    if (version === inForce && current.inForce) {
      // A state file from before the text was recorded cannot tell: taken as the same file.
      const recorded = current.inForce.signedSha256;
      if (recorded !== undefined && recorded !== signedSha256) {
        return refuse(
          current,
          'version-reused',
          `it carries version ${version}, the version in force, with other settings (a file changed without a new version)`,
          version,
        );
      }
      warned = undefined;
      log.debug(`fleet settings version ${version} from ${host} unchanged`, { version, host });
      // The steady state writes nothing; a refusal recorded since is no longer the news.
      if (current.lastRefusal) writeState({ inForce: current.inForce });
      return { outcome: 'unchanged', version };
    }
    if (version < inForce) {
      return refuse(
        current,
        'replayed',
        `its version ${version} is not above the version in force (${inForce})`,
        version,
      );
    }
    const exported = readSettingsExport(exportText);
    if (!exported.ok) {
      const why =
        exported.error.kind === 'invalid'
          ? `the settings schema refuses ${exported.error.issues.map((issue) => issue.path).join(', ')}`
          : `its settings are not a settings export (${exported.error.reason})`;
      return refuse(current, 'invalid-settings', why, version);
    }
    const stored = store.stored();
    const next = withOwnFleet(applyImport(stored, exported.value.settings), stored);
    const security = securityChanges(stored, next, store.fixed());
    const notAllowed = security.filter((change) => !allow.includes(change.field));
    if (notAllowed.length > 0) {
      const fields = notAllowed.map((change) => change.field).join(', ');
      return refuse(
        current,
        'lowers-protection',
        `it changes ${fields}, which needs staff's confirmation at the kiosk or the fleet policy's allowing it by name`,
        version,
      );
    }
    const saved = store.save(next);
    if (!saved.ok) {
      return refuse(current, 'not-saved', `it could not be saved (${saved.error.kind})`, version);
    }
    writeState({
      inForce: {
        version,
        issuedAt,
        appliedAt: now().toISOString(),
        host,
        signedSha256,
        settingsDigest: settingsDigest(saved.value),
      },
    });
    warned = undefined;
    log.info(`fleet settings version ${version} from ${host} applied`, { version, host });
    if (security.length > 0) {
      log.warn(`fleet settings version ${version} made changes its signed policy allows`, {
        version,
        host,
        changes: security,
      });
    }
    options.onApplied?.(version);
    return { outcome: 'applied', version };
  };

  return {
    /** One fetch and check; concurrent calls share the one under way. */
    check(): Promise<FleetCheck> {
      running ??= checkOnce().finally(() => {
        running = undefined;
      });
      return running;
    },
    /** A check now and every `intervalMinutes`; nothing when no URL is set. */
    start(): void {
      if (!url || timer) return;
      void this.check();
      timer = setInterval(() => void this.check(), settings.intervalMinutes * 60_000);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
export type FleetUpdater = ReturnType<typeof createFleetUpdater>;
