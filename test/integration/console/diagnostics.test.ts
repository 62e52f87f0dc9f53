import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { createDiagnosticsArea } from '../../../src-main/core/console/diagnostics';
import type { ConsoleContext } from '../../../src-main/core/console/deps';
import { createConfSettingsStore } from '../../../src-main/settings/conf-store';
import type { SettingsStore } from '../../../src-main/settings/store';
import { APP_VERSION } from '../../../src-main/settings/app-version';
import { memberBarcode } from '../../../src-reference-service/barcode';
import { ok } from '../../../src-common/result';
import { CLIENT_IDS, newVault, signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';
import { createPageRecovery } from '../../../src-main/host/page-recovery';
import {
  EXIT_PAGE_KEEPS_CRASHING,
  STATION_RESTARTS_FILE,
} from '../../../src-main/core/console/diagnostics/station-restarts';

let camel: TestService;
let staff: StaffAuth;
let store: SettingsStore;
let dataDir: string;

/** The console's context as bootstrap builds it, over a real staff auth and settings store. */
function contextFor(
  staffAuth: StaffAuth,
  options: { store?: SettingsStore; auth?: ConsoleContext['auth'] } = {},
): ConsoleContext {
  const auth = options.auth ?? staffAuth;
  const settings = store.load();
  if (!settings.ok) throw new Error(settings.error.message);
  return {
    auth,
    settings: settings.value,
    ...(options.store ? { settingsStore: options.store } : {}),
    scanner: { status: () => ({ state: 'not-found' }) } as unknown as ConsoleContext['scanner'],
    service: {
      baseUrl: camel.service.baseUrl,
      authUrl: camel.service.authUrl,
      embedded: false,
      clientId: CLIENT_IDS[auth.status().clientKind],
    },
    changed: () => {},
    touch: () => {},
  };
}

// The camel dialect keeps member types' lending rules where no alias of the kiosk looks.
beforeAll(async () => {
  camel = await startTestService({ dialect: 'camel' });
  staff = await signedIn(camel);
  dataDir = newVault(camel).dataDir;
  store = createConfSettingsStore({ directory: dataDir, env: { KIOSK_DATA_DIR: dataDir } });
});

afterAll(async () => {
  staff?.dispose();
  await camel?.stop();
});

describe('staff.console.diagnostics.probe', () => {
  it('reports the concepts the alias table misses, with a suggestion for each', async () => {
    const area = createDiagnosticsArea(contextFor(staff, { store }));
    const answer = await area.handlers['staff.console.diagnostics.probe']({
      member: { by: 'barcode', barcode: memberBarcode(5) },
    });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const { report, tested } = answer.value;
    expect(tested).toBe(false);
    // Not sent, and the offline loan period depends on it: needed, in staff's words (issue 37).
    expect(report.concepts).toContainEqual({
      concept: 'memberType.loanPeriodDays',
      from: null,
      verdict: 'needed',
      consequence: 'offline-loan-period',
    });
    expect(report.suggestedFieldMap).toMatchObject({
      'memberType.loanPeriodDays': 'loanPeriod.duration',
    });
  });

  it('tests an edited field map with the staff tokens, without saving it', async () => {
    const area = createDiagnosticsArea(contextFor(staff, { store }));
    const answer = await area.handlers['staff.console.diagnostics.probe']({
      fieldMap: { 'memberType.loanPeriodDays': 'loanPeriod.duration' },
    });
    expect(answer.ok && answer.value.tested).toBe(true);
    expect(answer.ok && answer.value.report.concepts).toContainEqual({
      concept: 'memberType.loanPeriodDays',
      from: 'loanPeriod.duration',
      verdict: 'read',
    });
    expect(store.stored().service?.fieldMap).toBeUndefined();
  });

  it('refuses a field map naming no concept, field by field, and calls nothing', async () => {
    const area = createDiagnosticsArea(contextFor(staff, { store }));
    const answer = await area.handlers['staff.console.diagnostics.probe']({
      fieldMap: { 'member.shoeSize': 'shoe', 'member.givenName': 'a..b' },
    });
    expect(answer).toEqual({
      ok: false,
      error: {
        kind: 'invalid',
        issues: expect.arrayContaining([
          { path: 'fieldMap.member.shoeSize', message: expect.stringContaining('not a concept') },
          { path: 'fieldMap.member.givenName', message: expect.stringContaining('dotted path') },
        ]),
      },
    });
  });
});

describe('staff.console.diagnostics.saveFieldMap', () => {
  it('writes the map into the settings file and keeps the other settings', async () => {
    store.save({ kiosk: { branchName: 'Riverside' } });
    const area = createDiagnosticsArea(contextFor(staff, { store }));
    const answer = await area.handlers['staff.console.diagnostics.saveFieldMap']({
      fieldMap: { 'memberType.loanPeriodDays': 'loanPeriod.duration' },
    });
    expect(answer).toEqual({
      ok: true,
      value: {
        saved: { 'memberType.loanPeriodDays': 'loanPeriod.duration' },
        settingsFile: store.location,
      },
    });
    const file = JSON.parse(await readFile(store.location, 'utf8')) as Record<string, unknown>;
    expect(file).toMatchObject({
      kiosk: { branchName: 'Riverside' },
      service: { fieldMap: { 'memberType.loanPeriodDays': 'loanPeriod.duration' } },
    });
    const view = await area.handlers['staff.console.diagnostics.fieldMap'](undefined);
    expect(view.ok && view.value.saved).toEqual({
      'memberType.loanPeriodDays': 'loanPeriod.duration',
    });
    expect(view.ok && view.value.running).toEqual({});
  });

  it('says so when the host keeps no settings store', async () => {
    const area = createDiagnosticsArea(contextFor(staff));
    expect(await area.handlers['staff.console.diagnostics.saveFieldMap']({ fieldMap: {} })).toEqual(
      {
        ok: false,
        error: { kind: 'unavailable', reason: 'no-settings-store' },
      },
    );
  });
});

describe('staff.console.diagnostics.account', () => {
  it('names the signed-in user and the token state of the registered client, no token value', async () => {
    const answer = await createDiagnosticsArea(contextFor(staff)).handlers[
      'staff.console.diagnostics.account'
    ](undefined);
    expect(answer).toMatchObject({
      ok: true,
      value: {
        client: { kind: 'registered', id: 'library-kiosk' },
        tokens: { refreshTokenHeld: true, refreshDueAt: expect.any(Number) },
        userInfo: {
          ok: true,
          // The branch by its name in the branch list, not only its id.
          value: {
            user: {
              name: 'Lena Park',
              email: 'lena.park@example.org',
              branchId: '1',
              branchName: 'Central Library',
            },
          },
        },
      },
    });
    const text = JSON.stringify(answer);
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
    for (const key of ['accessToken', 'refreshToken', 'idToken', 'access_token']) {
      expect(text).not.toContain(`"${key}"`);
    }
  });

  it('leaves out what get user info did not give, and names its other fields only', async () => {
    const quiet: ConsoleContext['auth'] = {
      status: () => staff.status(),
      client: {
        ...staff.client,
        getUserInfo: () =>
          Promise.resolve(
            ok({
              extra: {},
              user: { name: 'Lena Park', extra: { shoeSize: 'size-forty-one', desk: 'B' } },
            }),
          ),
      },
    };
    const answer = await createDiagnosticsArea(contextFor(staff, { auth: quiet })).handlers[
      'staff.console.diagnostics.account'
    ](undefined);
    expect(answer.ok && answer.value.userInfo).toEqual({
      ok: true,
      value: { user: { name: 'Lena Park', otherFields: ['desk', 'shoeSize'] } },
    });
    expect(JSON.stringify(answer)).not.toContain('size-forty-one');
  });

  it('holds no refresh token for the development client', async () => {
    const development = await signedIn(camel, { clientKind: 'development' });
    const answer = await createDiagnosticsArea(contextFor(development)).handlers[
      'staff.console.diagnostics.account'
    ](undefined);
    expect(answer.ok && answer.value.client).toEqual({
      kind: 'development',
      id: 'library-kiosk-dev',
    });
    expect(answer.ok && answer.value.tokens).toMatchObject({ refreshTokenHeld: false });
    expect(answer.ok && answer.value.tokens?.refreshDueAt).toBeUndefined();
    expect(answer.ok && answer.value.tokens?.scopes).not.toContain('offline_access');
    development.dispose();
  });

  it('shows no tokens and asks nobody after sign-out', async () => {
    const leaving = await signedIn(camel);
    await leaving.signOut();
    const answer = await createDiagnosticsArea(contextFor(leaving)).handlers[
      'staff.console.diagnostics.account'
    ](undefined);
    expect(answer.ok && answer.value.tokens).toBeUndefined();
    expect(answer.ok && answer.value.userInfo).toBeUndefined();
    leaving.dispose();
  });
});

describe('staff.console.diagnostics.status', () => {
  it('gives the app version, the data folder, its free space and the settings file', async () => {
    const answer = await createDiagnosticsArea(contextFor(staff, { store })).handlers[
      'staff.console.diagnostics.status'
    ](undefined);
    expect(answer).toMatchObject({
      ok: true,
      value: {
        appVersion: APP_VERSION,
        runtime: { node: process.versions.node },
        dataDir,
        disk: { known: true, freeBytes: expect.any(Number), totalBytes: expect.any(Number) },
        settingsFile: path.join(dataDir, 'settings.json'),
      },
    });
    const disk = answer.ok && answer.value.disk;
    expect(disk && disk.known && disk.freeBytes).toBeGreaterThan(0);
    expect(disk && disk.known && disk.freeBytes <= disk.totalBytes).toBe(true);
  });

  it('says why the free space is not known when the folder cannot be asked', async () => {
    const area = createDiagnosticsArea(contextFor(staff, { store }), {
      statfs: () => Promise.reject(Object.assign(new Error('gone'), { code: 'ENOENT' })),
      versions: process.versions,
    });
    const answer = await area.handlers['staff.console.diagnostics.status'](undefined);
    expect(answer.ok && answer.value.disk).toEqual({ known: false, reason: 'ENOENT' });
  });
  it("gives the page recoveries the host counted, with the last one's reason and time", async () => {
    const recovery = createPageRecovery(undefined, () => Date.parse('2026-11-25T14:02:30Z'));
    const context = { ...contextFor(staff, { store }), pageRecoveries: () => recovery.tally() };
    const area = createDiagnosticsArea(context);
    const before = await area.handlers['staff.console.diagnostics.status'](undefined);
    expect(before.ok && before.value.pageRecoveries).toEqual({ count: 0 });
    recovery.lost('unresponsive');
    recovery.lost('crashed');
    const after = await area.handlers['staff.console.diagnostics.status'](undefined);
    expect(after.ok && after.value.pageRecoveries).toEqual({
      count: 2,
      last: { kind: 'crashed', at: '2026-11-25T14:02:30.000Z' },
    });
  });

  it('leaves the page recoveries out where the host does not watch its page', async () => {
    const answer = await createDiagnosticsArea(contextFor(staff, { store })).handlers[
      'staff.console.diagnostics.status'
    ](undefined);
    expect(answer.ok && 'pageRecoveries' in answer.value).toBe(false);
  });

  describe("the station session's restart history", () => {
    const file = (): string => path.join(dataDir, STATION_RESTARTS_FILE);
    const status = async (): Promise<unknown> => {
      const answer = await createDiagnosticsArea(contextFor(staff, { store })).handlers[
        'staff.console.diagnostics.status'
      ](undefined);
      return answer.ok ? answer.value.stationRestarts : answer;
    };
    /** A history line as the session script writes it, `minutesAgo` before now. */
    const entry = (minutesAgo: number, exit: number, pause: number): string =>
      `${new Date(Date.now() - minutesAgo * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z')} ${exit} ${pause}`;

    afterAll(async () => {
      await rm(file(), { recursive: true, force: true });
    });

    it('reads as none recorded while the data folder holds no history', async () => {
      await rm(file(), { force: true });
      expect(await status()).toEqual({ recorded: false, lastHour: 0 });
    });

    it("counts the last hour's restarts and names the newest, a crash loop by its kind", async () => {
      const newest = entry(2, EXIT_PAGE_KEEPS_CRASHING, 8);
      await writeFile(
        file(),
        [
          entry(90, 139, 2),
          entry(30, 1, 2),
          entry(20, EXIT_PAGE_KEEPS_CRASHING, 4),
          newest,
          '',
        ].join('\n'),
      );
      expect(await status()).toEqual({
        recorded: true,
        lastHour: 3,
        last: {
          kind: 'page-kept-crashing',
          status: EXIT_PAGE_KEEPS_CRASHING,
          at: `${newest.split(' ')[0]!.slice(0, -1)}.000Z`,
        },
      });
    });

    it('calls any other status ended, with its number', async () => {
      const newest = entry(1, 139, 2);
      await writeFile(file(), `${newest}\n`);
      expect(await status()).toEqual({
        recorded: true,
        lastHour: 1,
        last: { kind: 'other', status: 139, at: `${newest.split(' ')[0]!.slice(0, -1)}.000Z` },
      });
    });

    it('says none in the last hour when every restart is older', async () => {
      await writeFile(file(), `${entry(61, 3, 60)}\n${entry(120, 3, 60)}\n`);
      expect(await status()).toEqual({ recorded: true, lastHour: 0 });
    });

    it('skips damaged lines and keeps the good ones (a torn or edited file)', async () => {
      const good = entry(5, 3, 2);
      await writeFile(
        file(),
        `garbage\n${good}\n2026-13-45T99:99:99Z 3 2\n${entry(4, 1, 2).slice(0, 12)}\n\0\0\0`,
      );
      expect(await status()).toMatchObject({ recorded: true, lastHour: 1, last: { status: 3 } });
    });

    it("reads the session's own history file where the session keeps its own folder (a Chromium station)", async () => {
      const sessionFolder = await mkdtemp(path.join(tmpdir(), 'kiosk-session-folder-'));
      try {
        const newest = entry(3, 1, 2);
        await writeFile(path.join(sessionFolder, STATION_RESTARTS_FILE), `${newest}\n`);
        // The data folder's own history says otherwise: the session's file is the one read.
        await writeFile(file(), `${entry(1, 139, 2)}\n${entry(2, 139, 2)}\n`);
        const context = {
          ...contextFor(staff, { store }),
          stationRestartsFile: path.join(sessionFolder, STATION_RESTARTS_FILE),
        };
        const answer =
          await createDiagnosticsArea(context).handlers['staff.console.diagnostics.status'](
            undefined,
          );
        expect(answer.ok ? answer.value.stationRestarts : answer).toEqual({
          recorded: true,
          lastHour: 1,
          last: { kind: 'other', status: 1, at: `${newest.split(' ')[0]!.slice(0, -1)}.000Z` },
        });
      } finally {
        await rm(sessionFolder, { recursive: true, force: true });
      }
    });

    it('reads an unreadable history (a folder in its place) as none recorded, the rest intact', async () => {
      await rm(file(), { force: true });
      await mkdir(file());
      const answer = await createDiagnosticsArea(contextFor(staff, { store })).handlers[
        'staff.console.diagnostics.status'
      ](undefined);
      expect(answer).toMatchObject({
        ok: true,
        value: { dataDir, stationRestarts: { recorded: false, lastHour: 0 } },
      });
    });
  });
});
