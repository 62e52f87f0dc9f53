import { generateKeyPairSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createConfSettingsStore } from '../../../src-main/settings/conf-store';
import { signFleetFile } from '../../../src-main/settings/fleet-file';
import { createFleetStateFile } from '../../../src-main/settings/fleet-state-file';
import { createFleetUpdater } from '../../../src-main/settings/fleet-updater';
import type { SettingsStore } from '../../../src-main/settings/store';
import { createPinAttemptFile, PIN_ATTEMPTS_FILE } from '../../../src-main/staff-pin/attempts-file';
import { changePin } from '../../../src-main/staff-pin/change-pin';
import { changeablePinGate } from '../../../src-main/staff-pin/changeable-gate';
import { createPinGate } from '../../../src-main/staff-pin/gate';
import { verifyStaffPin } from '../../../src-main/staff-pin/hash';
import { saveStaffPin } from '../../../src-main/staff-pin/save-pin';
import { REQUEST_TIMEOUT_MS } from './environment';
import type { NamedWorkload, Workload } from './workload';

type Branch = { kiosk?: { branchName?: string } };
const branchOf = (store: SettingsStore): string | undefined =>
  (store.stored() as Branch).kiosk?.branchName;

/** The settings as a host opens them: `settings.json` in the data folder (conf-store.ts). */
const settingsIn = (dataDir: string): SettingsStore =>
  createConfSettingsStore({ directory: dataDir, env: { KIOSK_DATA_DIR: dataDir } });

/** The settings file opens (a kiosk refuses to start on one that does not), with its branch. */
function readSettings(dataDir: string): { problem?: string; store: SettingsStore } {
  const store = settingsIn(dataDir);
  const loaded = store.load();
  return loaded.ok
    ? { store }
    : { store, problem: `the settings cannot be loaded: ${loaded.error.message}` };
}

/** Staff save a setting on the settings screen: saved must mean saved. */
function settingsSave(): Workload<{ saved: string }> {
  return {
    async prepare(_env, dataDir) {
      settingsIn(dataDir).save({ kiosk: { branchName: 'Central' } } as never);
    },
    async run({ dataDir, recorder }) {
      const store = settingsIn(dataDir);
      const saved = store.save({ ...store.stored(), kiosk: { branchName: 'North' } } as never);
      if (!saved.ok) throw new Error(`not saved: ${saved.error.kind}`);
      recorder.mark({ mark: 'acknowledged', what: { saved: 'North' } });
    },
    async check({ dataDir, acknowledged }) {
      const { store, problem } = readSettings(dataDir);
      if (problem) return [problem];
      const branch = branchOf(store);
      if (acknowledged.length > 0 && branch !== 'North')
        return [`the saved branch reads ${branch}`];
      return branch === 'Central' || branch === 'North' ? [] : [`the branch reads ${branch}`];
    },
  };
}

/** What staff were shown, and (`right-pin-typed`) when they typed the right PIN. */
type PinAck = { kind: 'wrong-pin' } | { kind: 'right-pin-typed' } | { kind: 'pin-changed' };
const OLD_PIN = '246810';
const NEW_PIN = '135790';

/**
 * A wrong PIN at the PIN screen, then the right one (staff mode opens), then staff change the
 * PIN on the settings screen. A wrong PIN shown as wrong stays counted until the right one is
 * entered (a power cut must not hand out free guesses); a changed PIN opens staff mode.
 */
function pinChange(): Workload<PinAck> {
  // scrypt is slow on purpose: each PIN is checked against each hash once per run.
  const verified = new Map<string, Promise<boolean>>();
  const opens = (pin: string, pinHash: string): Promise<boolean> => {
    const key = `${pin} ${pinHash}`;
    if (!verified.has(key)) verified.set(key, verifyStaffPin(pin, pinHash));
    return verified.get(key)!;
  };
  return {
    async prepare(_env, dataDir) {
      const saved = await saveStaffPin(settingsIn(dataDir), OLD_PIN);
      if (!saved.ok) throw new Error('the PIN was not saved');
    },
    async run({ dataDir, recorder }) {
      const store = settingsIn(dataDir);
      const hash = store.load();
      if (!hash.ok || !hash.value.staff.pinHash) throw new Error('no PIN to start from');
      const gate = changeablePinGate(
        (pinHash) => createPinGate(pinHash, { store: createPinAttemptFile(dataDir) }),
        hash.value.staff.pinHash,
      );
      if ((await gate.check('000000')).accepted) throw new Error('a wrong PIN opened the gate');
      recorder.mark({ mark: 'acknowledged', what: { kind: 'wrong-pin' } });
      // From here the gate may clear the count: the right PIN is in.
      recorder.mark({ mark: 'acknowledged', what: { kind: 'right-pin-typed' } });
      if (!(await gate.check(OLD_PIN)).accepted) throw new Error('the right PIN was refused');
      const change = await changePin(store, gate, {
        current: OLD_PIN,
        next: NEW_PIN,
        repeat: NEW_PIN,
      });
      if (change.outcome !== 'changed')
        throw new Error(`the PIN was not changed: ${change.outcome}`);
      recorder.mark({ mark: 'acknowledged', what: { kind: 'pin-changed' } });
    },
    async check({ dataDir, acknowledged }) {
      const problems: string[] = [];
      const { store, problem } = readSettings(dataDir);
      if (problem) return [problem];
      const changed = acknowledged.some((ack) => ack.kind === 'pin-changed');
      const wrong = acknowledged.some((ack) => ack.kind === 'wrong-pin');
      const entered = acknowledged.some((ack) => ack.kind === 'right-pin-typed');
      const loaded = store.load();
      const pinHash = loaded.ok ? loaded.value.staff.pinHash : undefined;
      if (!pinHash) return ['the staff PIN is gone'];
      const opensNew = await opens(NEW_PIN, pinHash);
      if (changed && !opensNew) problems.push('the changed PIN does not open staff mode');
      if (!opensNew && !(await opens(OLD_PIN, pinHash)))
        problems.push('neither PIN opens staff mode');
      const text = await readFile(path.join(dataDir, PIN_ATTEMPTS_FILE), 'utf8').catch(() => null);
      let failures = 0;
      if (text !== null) {
        try {
          failures = (JSON.parse(text) as { failures: number }).failures;
        } catch {
          problems.push(
            `the PIN attempt record is unreadable (${text.length} bytes): counted as a lockout`,
          );
        }
      }
      if (wrong && !entered && failures < 1)
        problems.push('the wrong PIN shown as wrong is no longer counted');
      const attempts = createPinAttemptFile(dataDir).load();
      if (attempts.failures < failures)
        problems.push('the attempt record reads fewer failures than it holds');
      return problems;
    },
  };
}

/** A fleet settings file served over HTTP, signed with a key of this run. */
async function serveFleetFile(version: number, branchName: string) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const exportText = JSON.stringify({
    format: 'library-kiosk-settings',
    version: 1,
    exportedAt: '2026-11-26T03:00:00.000Z',
    appVersion: '0.0.0',
    settings: { kiosk: { branchName } },
  });
  const body = signFleetFile(exportText, {
    version,
    issuedAt: new Date('2026-11-26T03:00:00.000Z'),
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  });
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    settings: {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/fleet.json`,
      publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
      intervalMinutes: 15,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The kiosk fetches a signed fleet settings file and applies it: the settings saved, then the
 * version in force. After any crash both files open, a version in force is never recorded for
 * settings that are not its own, and the next check brings the kiosk to the fleet's settings.
 */
function fleetUpdate(): Workload<{ applied: number }> {
  let fleet: Awaited<ReturnType<typeof serveFleetFile>> | undefined;
  const updater = (dataDir: string) =>
    createFleetUpdater({
      settings: fleet!.settings,
      store: settingsIn(dataDir),
      state: createFleetStateFile(dataDir),
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
  return {
    async prepare(_env, dataDir) {
      fleet = await serveFleetFile(3, 'North');
      settingsIn(dataDir).save({ kiosk: { branchName: 'Central' } } as never);
    },
    async run({ dataDir, recorder }) {
      const result = await updater(dataDir).check();
      if (result.outcome !== 'applied') throw new Error(`not applied: ${JSON.stringify(result)}`);
      recorder.mark({ mark: 'acknowledged', what: { applied: 3 } });
    },
    async check({ dataDir, acknowledged }) {
      const problems: string[] = [];
      const { store, problem } = readSettings(dataDir);
      if (problem) return [problem];
      const state = createFleetStateFile(dataDir).read();
      if (!state.ok)
        return ['the fleet state cannot be read: fleet settings are never checked again'];
      const inForce = state.value.inForce?.version;
      if (inForce === 3 && branchOf(store) !== 'North') {
        problems.push(
          `version 3 is recorded in force over settings it did not make (${branchOf(store)})`,
        );
      }
      if (acknowledged.length > 0 && inForce !== 3)
        problems.push('the applied version is not in force');
      const again = await updater(dataDir).check();
      if (again.outcome === 'refused' || branchOf(settingsIn(dataDir)) !== 'North') {
        problems.push(
          `the next check does not bring the fleet's settings: ${JSON.stringify(again)}`,
        );
      }
      return problems;
    },
    async finish() {
      await fleet?.close();
    },
  };
}

export const SETTINGS_WORKLOADS: readonly NamedWorkload[] = [
  { name: 'settings save', make: settingsSave },
  { name: 'staff PIN change', make: pinChange },
  { name: 'fleet settings update', make: fleetUpdate },
] as NamedWorkload[];
