import { createHash } from 'node:crypto';
import { saveFleetSettings } from './fleet-apply';
import { downloadFleetFile } from './fleet-download';
import { parsePublicKey, readFleetFile } from './fleet-file';
import type { FleetFileProblem } from './fleet-file';
import { createFleetReport } from './fleet-report';
import type { FleetRefusalReason, FleetStateFile } from './fleet-state-file';
import type { FleetSettings } from './schema';
import { settingsDigest } from './settings-digest';
import type { SettingsStore } from './store';

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
  const report = createFleetReport({ host, state, now });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<FleetCheck> | undefined;

  const checkOnce = async (): Promise<FleetCheck> => {
    const read = state.read();
    if (!read.ok) return report.stateUnreadable();
    const current = read.value;
    const refuse = (reason: FleetRefusalReason, why: string, version?: number) =>
      report.refused(current, reason, why, version);
    if (!url || !settings.publicKey) return refuse('unreachable', 'no fleet.url set');
    const key = parsePublicKey(settings.publicKey);
    if (!key.ok) return refuse('bad-signature', PROBLEM_WORDS['bad-public-key']);
    const downloaded = await downloadFleetFile(url, {
      timeoutMs: options.timeoutMs ?? 10_000,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    if (!downloaded.ok) return refuse('unreachable', `the URL ${downloaded.error}`);
    const file = readFleetFile(downloaded.value, key.value);
    if (!file.ok) {
      const reason = file.error === 'bad-public-key' ? 'bad-signature' : file.error;
      return refuse(reason, PROBLEM_WORDS[file.error]);
    }
    const { version, issuedAt, exportText, signedText, allow } = file.value;
    const inForce = current.inForce?.version ?? 0;
    const signedSha256 = signedTextSha256(signedText);
    if (version === inForce && current.inForce) {
      // A state file from before the text was recorded cannot tell: taken as the same file.
      const recorded = current.inForce.signedSha256;
      if (recorded !== undefined && recorded !== signedSha256) {
        return refuse(
          'version-reused',
          `it carries version ${version}, the version in force, with other settings (a file changed without a new version)`,
          version,
        );
      }
      return report.unchanged(current, version);
    }
    if (version < inForce) {
      return refuse(
        'replayed',
        `its version ${version} is not above the version in force (${inForce})`,
        version,
      );
    }
    const saved = saveFleetSettings(store, exportText, allow);
    if (!saved.ok) return refuse(saved.error.reason, saved.error.why, version);
    const applied = report.applied(
      {
        version,
        issuedAt,
        appliedAt: now().toISOString(),
        host,
        signedSha256,
        settingsDigest: settingsDigest(saved.value.saved),
      },
      saved.value.security,
    );
    options.onApplied?.(version);
    return applied;
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
