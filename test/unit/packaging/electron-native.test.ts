import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ELECTRON_NATIVE_FOLDER,
  SQLITE_ADDON_FILE,
  checkNativeBinding,
  electronSqliteBinding,
} from '../../../src-main/host/native-binding';
import { sqliteOptions } from '../../../src-reference-service/db/open';
// The script is plain JavaScript run by node; its helpers are exported for these tests.
import * as prepare from '../../../scripts/prepare-electron-native.js';

const wanted = { electron: '45.4.1', betterSqlite3: '12.11.1', platform: 'linux', arch: 'x64' };
const folder = '/checkout/native/electron';

/** A read function over an in-memory folder. */
function files(entries: Record<string, string>) {
  return (file: string): string | Buffer | undefined => entries[path.basename(file)];
}

describe("where the Electron host finds better-sqlite3's Electron build", () => {
  it('in a checkout: native/electron under the app path (the checkout `electron .` runs)', () => {
    expect(
      electronSqliteBinding({ packaged: false, appPath: '/checkout', resourcesPath: '/x' }),
    ).toBe('/checkout/native/electron/better_sqlite3.node');
  });

  it('in a package: native/electron under resources, outside the asar (an extra resource)', () => {
    expect(
      electronSqliteBinding({
        packaged: true,
        appPath: '/opt/Library Kiosk/resources/app.asar',
        resourcesPath: '/opt/Library Kiosk/resources',
      }),
    ).toBe('/opt/Library Kiosk/resources/native/electron/better_sqlite3.node');
  });

  it('is where scripts/prepare-electron-native.js puts it', () => {
    expect(prepare.ELECTRON_NATIVE_FOLDER).toBe(ELECTRON_NATIVE_FOLDER);
    expect(prepare.SQLITE_ADDON_FILE).toBe(SQLITE_ADDON_FILE);
    expect(prepare.nativeFolder('/checkout')).toBe(folder);
  });

  it('refuses a missing build with what to run', () => {
    expect(() => checkNativeBinding('/nowhere/better_sqlite3.node', () => false)).toThrow(
      /missing \(\/nowhere\/better_sqlite3\.node\).*node scripts\/prepare-electron-native\.js/,
    );
    expect(() => checkNativeBinding('/here/better_sqlite3.node', () => true)).not.toThrow();
  });
});

describe('which build better-sqlite3 loads', () => {
  it("under Node, node_modules' own (no option)", () => {
    expect(sqliteOptions()).toEqual({});
  });

  it('with a binding given, that one', () => {
    expect(sqliteOptions({ nativeBinding: '/a/better_sqlite3.node' })).toEqual({
      nativeBinding: '/a/better_sqlite3.node',
    });
  });

  it('under Electron without one, a refusal that says why instead of a NODE_MODULE_VERSION error', () => {
    const versions = process.versions as Record<string, string | undefined>;
    versions.electron = '45.4.1';
    try {
      expect(() => sqliteOptions()).toThrow(/under Electron without an Electron build/);
      expect(sqliteOptions({ nativeBinding: '/e.node' })).toEqual({ nativeBinding: '/e.node' });
    } finally {
      delete versions.electron;
    }
  });
});

describe('when npm start rebuilds the Electron copy', () => {
  const good = JSON.stringify(wanted);

  it('is ok when the addon and its build info match this Electron, better-sqlite3 and machine', () => {
    expect(
      prepare.nativeStatus(
        folder,
        wanted,
        files({ 'better_sqlite3.node': 'x', 'build-info.json': good }),
      ).state,
    ).toBe('ok');
  });

  it('is missing without the addon', () => {
    expect(prepare.nativeStatus(folder, wanted, files({ 'build-info.json': good })).state).toBe(
      'missing',
    );
  });

  it.each([
    ['electron', '46.0.0'],
    ['betterSqlite3', '12.12.0'],
    ['platform', 'win32'],
    ['arch', 'arm64'],
  ])('is stale when built for another %s', (key, value) => {
    const info = JSON.stringify({ ...wanted, [key]: value });
    const status = prepare.nativeStatus(
      folder,
      wanted,
      files({ 'better_sqlite3.node': 'x', 'build-info.json': info }),
    );
    expect(status).toEqual({ state: 'stale', reason: expect.stringContaining(key) });
  });

  it('is stale without readable build info', () => {
    for (const info of [undefined, '{not json']) {
      const entries: Record<string, string> = { 'better_sqlite3.node': 'x' };
      if (info !== undefined) entries['build-info.json'] = info;
      expect(prepare.nativeStatus(folder, wanted, files(entries)).state).toBe('stale');
    }
  });

  it("wants this checkout's Electron and better-sqlite3 versions", () => {
    const build = prepare.wantedBuild(process.cwd(), 'linux', 'x64');
    expect(build.electron).toMatch(/^45\./);
    expect(build.betterSqlite3).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("keeps npm's nodedir (Node's headers) away from node-gyp", () => {
    const env = prepare.rebuildEnv({
      PATH: '/bin',
      npm_config_nodedir: '/usr',
      NPM_CONFIG_NODEDIR: '/usr',
      npm_config_target: '20.0.0',
      npm_config_cache: '/c',
    });
    expect(env).toEqual({ PATH: '/bin', npm_config_cache: '/c' });
  });

  it('says what failed, what it needs and what works meanwhile', () => {
    const message = prepare.failureMessage(wanted, new Error('getaddrinfo ENOTFOUND'));
    expect(message).toContain('better-sqlite3 12.11.1 for Electron 45.4.1 (linux-x64)');
    expect(message).toContain('getaddrinfo ENOTFOUND');
    expect(message).toMatch(/headers/);
    expect(message).toContain('npm start -- --web');
    expect(message).toContain('docs/electron.md');
  });
});
