import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLogLevel, setLogSinks, stderrSink } from '../../../src-shared/log/logger';
import type { LogRecord } from '../../../src-shared/log/logger';
import { createConfSettingsStore } from '../../../src-main/settings/conf-store';
import { signFleetFile } from '../../../src-main/settings/fleet-file';
import { createFleetStateFile } from '../../../src-main/settings/fleet-state-file';
import { createFleetUpdater } from '../../../src-main/settings/fleet-updater';
import { settingsDigest } from '../../../src-main/settings/settings-digest';
import type { SettingsStore } from '../../../src-main/settings/store';
import type { SecurityField } from '../../../src-common/ipc/console/security-change';
import { captureLogs } from '../../support/log-capture';

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicBase64: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    publicPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  };
}

const STAFF = keyPair();
const OTHER = keyPair();

function exportOf(settings: Record<string, unknown>): string {
  return JSON.stringify({
    format: 'library-kiosk-settings',
    version: 1,
    exportedAt: '2026-11-26T03:00:00.000Z',
    appVersion: '0.0.0',
    settings,
  });
}

function fleetFile(
  version: number,
  settings: Record<string, unknown>,
  key = STAFF.privatePem,
  allow: SecurityField[] = [],
) {
  return signFleetFile(exportOf(settings), {
    version,
    issuedAt: new Date('2026-11-26T03:00:00.000Z'),
    privateKeyPem: key,
    allow,
  });
}

let served = '';
let server: Server;
let url = '';
const records: LogRecord[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/moved') {
      response.writeHead(302, { location: '/fleet.json' }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(served);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fleet.json`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let dataDir = '';
let store: SettingsStore;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'fleet-settings-'));
  store = createConfSettingsStore({ directory: dataDir, env: { KIOSK_DATA_DIR: dataDir } });
  store.save({ kiosk: { branchName: 'Central' } } as never);
  records.length = 0;
  setLogSinks([(record) => records.push(record)]);
  setLogLevel('info');
});
afterEach(() => {
  setLogLevel('error'); // the integration project's KIOSK_LOG_LEVEL
  setLogSinks([stderrSink]);
  rmSync(dataDir, { recursive: true, force: true });
});

function updater(overrides: { url?: string; publicKey?: string } = {}) {
  return createFleetUpdater({
    settings: {
      url: overrides.url ?? url,
      publicKey: overrides.publicKey ?? STAFF.publicBase64,
      intervalMinutes: 15,
    },
    store,
    state: createFleetStateFile(dataDir),
    timeoutMs: 2_000,
    now: () => new Date('2026-11-26T03:30:00.000Z'),
  });
}

const host = () => new URL(url).host;
const warnings = () => records.filter((record) => record.level !== 'info').map((r) => r.message);
const branch = () => (store.stored() as { kiosk?: { branchName?: string } }).kiosk?.branchName;

describe('fleet settings', () => {
  it('applies a file signed with the staff key and records its version', async () => {
    served = fleetFile(3, { kiosk: { branchName: 'North' } });
    expect(await updater({ publicKey: STAFF.publicPem }).check()).toEqual({
      outcome: 'applied',
      version: 3,
    });
    expect(branch()).toBe('North');
    expect(records.map((record) => record.message)).toEqual([
      `fleet settings version 3 from ${host()} applied`,
    ]);
    const state = JSON.parse(readFileSync(path.join(dataDir, 'fleet-settings.json'), 'utf8'));
    expect(state).toEqual({
      inForce: {
        version: 3,
        issuedAt: '2026-11-26T03:00:00.000Z',
        appliedAt: '2026-11-26T03:30:00.000Z',
        host: host(),
        signedSha256: createHash('sha256')
          .update((JSON.parse(served) as { signed: string }).signed)
          .digest('hex'),
        settingsDigest: settingsDigest((store.load() as unknown as { value: never }).value),
      },
    });
  });

  it('refuses a file with one byte changed', async () => {
    served = fleetFile(3, { kiosk: { branchName: 'North' } }).replace('North', 'Nerth');
    const result = await updater().check();
    expect(result).toMatchObject({ outcome: 'refused', reason: 'bad-signature' });
    expect(branch()).toBe('Central');
    expect(warnings()).toEqual([
      `fleet settings from ${host()} refused: its signature does not match the configured public key (changed, or signed with another key); keeping local settings`,
    ]);
  });

  it('refuses a file signed with another key', async () => {
    served = fleetFile(3, { kiosk: { branchName: 'North' } }, OTHER.privatePem);
    expect(await updater().check()).toMatchObject({ reason: 'bad-signature' });
    expect(branch()).toBe('Central');
  });

  it('refuses an unsigned export', async () => {
    served = exportOf({ kiosk: { branchName: 'North' } });
    expect(await updater().check()).toMatchObject({ reason: 'not-a-fleet-file' });
    expect(warnings()).toEqual([
      `fleet settings from ${host()} refused: it is not a signed fleet settings file; keeping local settings`,
    ]);
    expect(branch()).toBe('Central');
  });

  it('refuses an older or equal version, also after a restart with its state file', async () => {
    served = fleetFile(5, { kiosk: { branchName: 'North' } });
    expect(await updater().check()).toMatchObject({ outcome: 'applied' });
    served = fleetFile(5, { kiosk: { branchName: 'Replay' } });
    expect(await updater().check()).toMatchObject({ reason: 'version-reused' });
    // A new updater reads the version in force from the data folder, as after a restart.
    served = fleetFile(4, { kiosk: { branchName: 'Older' } });
    const again = await updater().check();
    expect(again).toMatchObject({ reason: 'replayed' });
    expect(warnings().at(-1)).toBe(
      `fleet settings from ${host()} refused: its version 4 is not above the version in force (5); keeping fleet version 5`,
    );
    expect(branch()).toBe('North');
  });

  it('keeps the settings in force when the URL cannot be reached', async () => {
    served = fleetFile(2, { kiosk: { branchName: 'North' } });
    await updater().check();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await updater({ url: `http://127.0.0.1:${port}/fleet.json` }).check();
    expect(result).toMatchObject({ reason: 'unreachable' });
    expect(warnings()).toEqual([
      `fleet settings from 127.0.0.1:${port} refused: the URL cannot be reached (ECONNREFUSED); keeping fleet version 2`,
    ]);
    expect(branch()).toBe('North');
  });

  it('does not follow a redirect', async () => {
    served = fleetFile(2, { kiosk: { branchName: 'North' } });
    const result = await updater({ url: url.replace('/fleet.json', '/moved') }).check();
    expect(result).toMatchObject({ reason: 'unreachable' });
    expect(warnings()).toEqual([
      `fleet settings from ${host()} refused: the URL answered with a redirect (HTTP 302), which is not followed; keeping local settings`,
    ]);
  });

  it('refuses settings the schema refuses', async () => {
    served = fleetFile(2, { requestTimeoutMs: 5 });
    expect(await updater().check()).toMatchObject({ reason: 'invalid-settings' });
    expect(warnings()).toEqual([
      `fleet settings from ${host()} refused: the settings schema refuses requestTimeoutMs; keeping local settings`,
    ]);
  });

  it('refuses a change that lowers protection, which needs the second confirmation', async () => {
    served = fleetFile(2, { kiosk: { branchName: 'North' }, patron: { allowEmail: true } });
    expect(await updater().check()).toMatchObject({ reason: 'lowers-protection' });
    expect(warnings()).toEqual([
      `fleet settings from ${host()} refused: it changes patron.allowEmail, which needs staff's confirmation at the kiosk or the fleet policy's allowing it by name; keeping local settings`,
    ]);
    expect(branch()).toBe('Central');
  });

  it('refuses a file that opens the metrics listener to the network, which needs the second confirmation', async () => {
    served = fleetFile(2, {
      kiosk: { branchName: 'North' },
      metrics: {
        enabled: true,
        host: '0.0.0.0',
        bearerTokenSha256: 'ab'.repeat(32),
        tlsCertFile: '/etc/library-kiosk/metrics-cert.pem',
        tlsKeyFile: '/etc/library-kiosk/metrics-key.pem',
      },
    });
    expect(await updater().check()).toMatchObject({ reason: 'lowers-protection' });
    expect(warnings()).toEqual([
      `fleet settings from ${host()} refused: it changes metrics.host, which needs staff's confirmation at the kiosk or the fleet policy's allowing it by name; keeping local settings`,
    ]);
    expect(branch()).toBe('Central');
    expect(store.stored().metrics).toBeUndefined();
  });

  describe("a lowering the fleet's signed policy allows by name (issue 35, item 2)", () => {
    const ACS = {
      host: 'acs.example.org',
      tls: true,
      tlsCaFile: '/etc/k/acs-ca.pem',
      patronPin: true,
    };
    beforeEach(() => {
      store.save({ kiosk: { branchName: 'Central' }, sip2: ACS } as never);
    });
    const sip2 = () => (store.stored() as { sip2?: Record<string, unknown> }).sip2;

    it.each([
      ['the patron PIN turned off', { ...ACS, patronPin: false }, 'sip2.patronPin'],
      [
        "the certificate authority swapped for the system's",
        { ...ACS, tlsCaFile: undefined },
        'sip2.tlsCaFile',
      ],
      [
        'the name on the certificate swapped',
        { ...ACS, tlsServerName: 'evil.example.net' },
        'sip2.tlsServerName',
      ],
      [
        'TLS off to the ACS across the network (issue 34, item 9)',
        { ...ACS, tls: false },
        'sip2.tls',
      ],
    ])('refuses %s without it, saying which change', async (_name, next, field) => {
      served = fleetFile(2, { kiosk: { branchName: 'North' }, sip2: next });
      expect(await updater().check()).toMatchObject({ reason: 'lowers-protection' });
      expect(warnings()).toEqual([
        `fleet settings from ${host()} refused: it changes ${field}, which needs staff's confirmation at the kiosk or the fleet policy's allowing it by name; keeping local settings`,
      ]);
      expect(branch()).toBe('Central');
      expect(sip2()).toEqual(ACS);
    });

    it('applies it when the policy names it, and logs the change it allowed', async () => {
      served = fleetFile(
        2,
        { kiosk: { branchName: 'North' }, sip2: { ...ACS, patronPin: false } },
        STAFF.privatePem,
        ['sip2.patronPin'],
      );
      expect(await updater().check()).toEqual({ outcome: 'applied', version: 2 });
      expect(sip2()).toMatchObject({ patronPin: false });
      const allowed = records.find((record) => record.message.includes('its signed policy allows'));
      expect(allowed?.data).toMatchObject({
        changes: [
          { kind: 'lowers-protection', field: 'sip2.patronPin', from: 'true', to: 'false' },
        ],
      });
    });

    it('refuses a file whose policy names one change when it makes another too', async () => {
      served = fleetFile(
        2,
        { sip2: { ...ACS, patronPin: false, tlsCaFile: undefined } },
        STAFF.privatePem,
        ['sip2.patronPin'],
      );
      expect(await updater().check()).toMatchObject({ reason: 'lowers-protection' });
      expect(warnings()[0]).toContain('it changes sip2.tlsCaFile, which needs');
      expect(sip2()).toEqual(ACS);
    });

    it('refuses a file whose policy names a change this kiosk does not know', async () => {
      served = fleetFile(2, { kiosk: { branchName: 'North' } }, STAFF.privatePem, [
        'sip2.everything' as SecurityField,
      ]);
      expect(await updater().check()).toMatchObject({ reason: 'bad-policy' });
      expect(branch()).toBe('Central');
    });

    it('cannot have a name added to its policy after signing', async () => {
      const signed = fleetFile(2, { sip2: { ...ACS, patronPin: false } });
      const file = JSON.parse(signed) as { signed: string };
      const inner = JSON.parse(file.signed) as Record<string, unknown>;
      file.signed = JSON.stringify({ ...inner, policy: { allow: ['sip2.patronPin'] } });
      served = JSON.stringify(file);
      expect(await updater().check()).toMatchObject({ reason: 'bad-signature' });
      expect(sip2()).toEqual(ACS);
    });
  });

  it("keeps the kiosk's own fleet group whatever the file says", async () => {
    store.save({ fleet: { url, publicKey: STAFF.publicBase64 } } as never);
    served = fleetFile(2, {
      kiosk: { branchName: 'North' },
      fleet: { url: 'https://elsewhere.example/fleet.json', publicKey: OTHER.publicBase64 },
    });
    expect(await updater().check()).toMatchObject({ outcome: 'applied' });
    expect(store.stored()).toMatchObject({ fleet: { url, publicKey: STAFF.publicBase64 } });
  });

  it('records the last refusal for the staff screen, no secret in the log', async () => {
    served = fleetFile(2, { kiosk: { branchName: 'North' } }, OTHER.privatePem);
    await updater().check();
    const state = JSON.parse(readFileSync(path.join(dataDir, 'fleet-settings.json'), 'utf8'));
    expect(state).toEqual({
      lastRefusal: { reason: 'bad-signature', at: '2026-11-26T03:30:00.000Z', host: host() },
    });
    const logged = JSON.stringify(records);
    expect(logged).not.toContain(STAFF.publicBase64);
    expect(logged).not.toContain('/fleet.json');
  });

  it('stops at an unreadable state file rather than forget the version in force', async () => {
    writeFileSync(path.join(dataDir, 'fleet-settings.json'), '{ garbled');
    served = fleetFile(1, { kiosk: { branchName: 'Old' } });
    expect(await updater().check()).toMatchObject({ reason: 'state-unreadable' });
    expect(branch()).toBe('Central');
  });
});

describe('fleet settings on a running kiosk', () => {
  it('restarts only once nobody is at the kiosk, claiming the version only from then', async () => {
    const { startFleetSettings } = await import('../../../src-main/host/fleet-settings-boot');
    const { withDefaults } = await import('../../../src-main/settings/check');
    served = fleetFile(6, { kiosk: { branchName: 'North' } });
    let screen = 'patron';
    const versions: string[] = [];
    let restarts = 0;
    const settings = withDefaults({
      dataDir,
      fleet: { url, publicKey: STAFF.publicBase64 },
    } as never);
    if (!settings) throw new Error('test settings refused');
    const running = startFleetSettings({
      settings,
      store,
      core: { state: () => ({ screen: { name: screen } }) as never },
      metrics: { settingsVersion: (version: string) => versions.push(version) } as never,
      restart: () => {
        restarts += 1;
        return Promise.resolve();
      },
      idlePollMs: 20,
    });
    await expect.poll(() => branch()).toBe('North');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(restarts).toBe(0);
    // Saved, not yet in force: the metric keeps the settings the kiosk runs until its restart.
    expect(versions).toEqual([]);
    screen = 'attract';
    await expect.poll(() => restarts).toBe(1);
    running.stop();
  });

  it('reports the fleet version only while the kiosk runs the settings the file made', async () => {
    const { startFleetSettings } = await import('../../../src-main/host/fleet-settings-boot');
    const { withDefaults } = await import('../../../src-main/settings/check');
    served = fleetFile(6, { kiosk: { branchName: 'North' } });
    const settings = withDefaults({
      dataDir,
      fleet: { url, publicKey: STAFF.publicBase64 },
    } as never);
    if (!settings) throw new Error('test settings refused');
    const reported = async (digest: string) => {
      createFleetStateFile(dataDir).write({
        inForce: { version: 6, issuedAt: '', appliedAt: '', host: host(), settingsDigest: digest },
      });
      const versions: string[] = [];
      const running = startFleetSettings({
        settings,
        store,
        core: { state: () => ({ screen: { name: 'attract' } }) as never },
        metrics: { settingsVersion: (version: string) => versions.push(version) } as never,
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      running.stop();
      return versions;
    };
    expect(await reported(settingsDigest(settings))).toEqual(['6']);
    // Staff changed settings at the kiosk since: bootKiosk's local digest stands.
    expect(await reported('0123456789ab')).toEqual([]);
  });
});

describe('the same fleet file fetched again', () => {
  const stateText = () => readFileSync(path.join(dataDir, 'fleet-settings.json'), 'utf8');

  it.each([
    {
      name: 'the same version and signed text: unchanged, nothing logged above debug or written',
      next: () => fleetFile(5, { kiosk: { branchName: 'North' } }),
      result: { outcome: 'unchanged', version: 5 },
      logged: [],
      stateKept: true,
    },
    {
      name: 'the same version with other settings: refused as changed without a new version',
      next: () => fleetFile(5, { kiosk: { branchName: 'South' } }),
      result: { outcome: 'refused', reason: 'version-reused' },
      logged: [
        'fleet settings from HOST refused: it carries version 5, the version in force, with other settings (a file changed without a new version); keeping fleet version 5',
      ],
      stateKept: false,
    },
    {
      name: 'the same version and settings signed again at another time: changed too',
      next: () =>
        signFleetFile(exportOf({ kiosk: { branchName: 'North' } }), {
          version: 5,
          issuedAt: new Date('2026-11-26T04:00:00.000Z'),
          privateKeyPem: STAFF.privatePem,
        }),
      result: { outcome: 'refused', reason: 'version-reused' },
      logged: [
        'fleet settings from HOST refused: it carries version 5, the version in force, with other settings (a file changed without a new version); keeping fleet version 5',
      ],
      stateKept: false,
    },
    {
      name: 'a lower version: replayed',
      next: () => fleetFile(4, { kiosk: { branchName: 'Older' } }),
      result: { outcome: 'refused', reason: 'replayed' },
      logged: [
        'fleet settings from HOST refused: its version 4 is not above the version in force (5); keeping fleet version 5',
      ],
      stateKept: false,
    },
    {
      name: 'a higher version: applied',
      next: () => fleetFile(6, { kiosk: { branchName: 'East' } }),
      result: { outcome: 'applied', version: 6 },
      logged: ['fleet settings version 6 from HOST applied'],
      stateKept: false,
    },
  ])('$name', async ({ next, result, logged, stateKept }) => {
    served = fleetFile(5, { kiosk: { branchName: 'North' } });
    const kiosk = updater();
    expect(await kiosk.check()).toMatchObject({ outcome: 'applied', version: 5 });
    const before = stateText();
    records.length = 0;
    served = next();
    expect(await kiosk.check()).toMatchObject(result);
    expect(records.map((record) => record.message)).toEqual(
      logged.map((line) => line.replace('HOST', host())),
    );
    if (stateKept) expect(stateText()).toBe(before);
    else expect(stateText()).not.toBe(before);
    if (result.outcome !== 'applied') expect(branch()).toBe('North');
  });

  it('an unchanged file after a refusal clears the refusal the staff screen shows', async () => {
    served = fleetFile(5, { kiosk: { branchName: 'North' } });
    const kiosk = updater();
    await kiosk.check();
    served = fleetFile(5, { kiosk: { branchName: 'North' } }, OTHER.privatePem);
    expect(await kiosk.check()).toMatchObject({ reason: 'bad-signature' });
    expect(JSON.parse(stateText())).toHaveProperty('lastRefusal');
    served = fleetFile(5, { kiosk: { branchName: 'North' } });
    expect(await kiosk.check()).toMatchObject({ outcome: 'unchanged' });
    expect(JSON.parse(stateText())).not.toHaveProperty('lastRefusal');
    expect(JSON.parse(stateText())).toMatchObject({ inForce: { version: 5 } });
  });
});

describe('settings changed at the kiosk after a fleet file', () => {
  it('are told apart from the fleet version, and the next version still applies over them', async () => {
    const { fleetInForce } = await import('../../../src-main/settings/fleet-in-force');
    const changedHere = () => {
      const state = createFleetStateFile(dataDir).read();
      const loaded = store.load();
      if (!state.ok || !loaded.ok) throw new Error('unreadable');
      return fleetInForce(state.value, loaded.value)?.changedHere;
    };
    served = fleetFile(5, { kiosk: { branchName: 'North' } });
    const kiosk = updater();
    await kiosk.check();
    expect(changedHere()).toBe(false);
    store.save({ kiosk: { branchName: 'Annex' } } as never);
    expect(changedHere()).toBe(true);
    // The same file again is not applied over them: its version is the one in force.
    expect(await kiosk.check()).toMatchObject({ outcome: 'unchanged' });
    expect(branch()).toBe('Annex');
    served = fleetFile(6, { kiosk: { branchName: 'East' } });
    expect(await kiosk.check()).toMatchObject({ outcome: 'applied', version: 6 });
    expect(branch()).toBe('East');
    expect(changedHere()).toBe(false);
  });
});

describe('a refusal repeated at every interval', () => {
  let clock = 0;
  const at = () => new Date(Date.UTC(2026, 10, 26, 3, 30) + clock * 60_000);
  const repeating = () =>
    createFleetUpdater({
      settings: { url, publicKey: STAFF.publicBase64, intervalMinutes: 15 },
      store,
      state: createFleetStateFile(dataDir),
      timeoutMs: 2_000,
      now: at,
    });
  const tick = async (kiosk: ReturnType<typeof repeating>) => {
    clock += 15;
    return kiosk.check();
  };
  const lines = (logs: ReturnType<typeof captureLogs>) =>
    logs.records
      .filter((record) => record.scope === 'fleet-settings')
      .map((record) => `${record.level} ${record.message.replace(host(), 'HOST')}`);
  const lastRefusal = () =>
    (
      JSON.parse(readFileSync(path.join(dataDir, 'fleet-settings.json'), 'utf8')) as {
        lastRefusal?: { at: string; since?: string };
      }
    ).lastRefusal;
  const BAD =
    'fleet settings from HOST refused: its signature does not match the configured public key (changed, or signed with another key); keeping fleet version 5';

  let logs: ReturnType<typeof captureLogs>;
  beforeEach(async () => {
    clock = 0;
    served = fleetFile(5, { kiosk: { branchName: 'North' } });
    await updater().check();
    logs = captureLogs('debug');
  });
  afterEach(() => logs.restore());

  it('warns once, then at debug while the same refusal repeats; the screen keeps its time current', async () => {
    served = fleetFile(6, { kiosk: { branchName: 'East' } }, OTHER.privatePem);
    const kiosk = repeating();
    await tick(kiosk);
    await tick(kiosk);
    await tick(kiosk);
    expect(lines(logs)).toEqual([`warn ${BAD}`, `debug ${BAD}`, `debug ${BAD}`]);
    expect(lastRefusal()).toMatchObject({ at: at().toISOString() });
  });

  it('warns again for a different refusal, and for the first one after it', async () => {
    const kiosk = repeating();
    served = fleetFile(6, { kiosk: { branchName: 'East' } }, OTHER.privatePem);
    await tick(kiosk);
    served = fleetFile(4, { kiosk: { branchName: 'Older' } });
    await tick(kiosk);
    served = fleetFile(6, { kiosk: { branchName: 'East' } }, OTHER.privatePem);
    await tick(kiosk);
    expect(lines(logs).map((line) => line.split(' ')[0])).toEqual(['warn', 'warn', 'warn']);
  });

  it('warns again for the same reason with another version', async () => {
    const kiosk = repeating();
    served = fleetFile(4, { kiosk: { branchName: 'Older' } });
    await tick(kiosk);
    served = fleetFile(3, { kiosk: { branchName: 'Older' } });
    await tick(kiosk);
    expect(lines(logs).map((line) => line.split(' ')[0])).toEqual(['warn', 'warn']);
  });

  it('warns again when an unchanged file came in between', async () => {
    const kiosk = repeating();
    served = fleetFile(6, { kiosk: { branchName: 'East' } }, OTHER.privatePem);
    await tick(kiosk);
    served = fleetFile(5, { kiosk: { branchName: 'North' } });
    expect(await tick(kiosk)).toMatchObject({ outcome: 'unchanged' });
    served = fleetFile(6, { kiosk: { branchName: 'East' } }, OTHER.privatePem);
    await tick(kiosk);
    expect(lines(logs).filter((line) => line.startsWith('warn'))).toEqual([
      `warn ${BAD}`,
      `warn ${BAD}`,
    ]);
  });
});
