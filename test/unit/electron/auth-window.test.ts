/**
 * The sign-in window's session under the fake `electron` module: every sign-in uses the one
 * in-memory partition, which is emptied (storage, cache, credentials) once the window closes and
 * before the next sign-in loads, so no sign-in leaves a session behind.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeElectron } from '../../support/fake-electron';

const state = vi.hoisted(() => ({ electron: undefined as FakeElectron | undefined }));

vi.mock('electron', async () => {
  const { FakeElectron } = await import('../../support/fake-electron');
  state.electron ??= new FakeElectron({ paths: {} });
  return state.electron.module();
});

const { AUTH_PARTITION, openAuthWindow } = await import('../../../src-main/electron/auth-window');

const AUTHORIZATION_URL = 'https://auth.example/connect/authorize?state=s';
const REDIRECT_URI = 'org.example.librarykiosk:/oauth/callback';

let electron: FakeElectron;

beforeEach(async () => {
  await import('electron');
  electron = state.electron!;
  electron.reset({ paths: {} });
  electron.ready();
});

const signIn = () =>
  openAuthWindow({ authorizationUrl: AUTHORIZATION_URL, redirectUri: REDIRECT_URI });

describe("each sign-in's session", () => {
  it('is released after a sign-in window closes without signing in', async () => {
    const result = signIn();
    const window = electron.windows[0]!;
    expect(window.options.webPreferences?.partition).toBe(AUTH_PARTITION);
    expect(AUTH_PARTITION.startsWith('persist:')).toBe(false);
    window.close();
    expect(await result).toBeNull();
    const session = electron.sessions.get(AUTH_PARTITION)!;
    await vi.waitFor(() => expect(session.authCacheCleared).toBe(1));
    expect(session.storageCleared).toBe(1);
    expect(session.cacheCleared).toBe(1);
  });

  it('is released after a completed sign-in, and many sign-ins leave one session, not one each', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const result = signIn();
      const window = electron.windows.at(-1)!;
      await vi.waitFor(() => expect(window.webContents.loaded).toEqual([AUTHORIZATION_URL]));
      window.webContents.navigate(`${REDIRECT_URI}?code=c${attempt}&state=s`, 'will-redirect');
      expect(await result).toBe(`${REDIRECT_URI}?code=c${attempt}&state=s`);
      expect(window.destroyed).toBe(true);
    }
    const partitions = [...electron.sessions.keys()];
    expect(partitions).toEqual([AUTH_PARTITION]);
    const session = electron.sessions.get(AUTH_PARTITION)!;
    await vi.waitFor(() => expect(session.storageCleared).toBe(3));
    expect(session.cacheCleared).toBe(3);
    expect(session.authCacheCleared).toBe(3);
  });

  it('loads the next sign-in page only after the previous session is emptied', async () => {
    const first = signIn();
    electron.windows[0]!.close();
    await first;
    signIn();
    const order = electron.calls.filter((call) => /clearStorageData|window2\.loadURL/.test(call));
    await vi.waitFor(() => expect(electron.calls).toContain('window2.loadURL'));
    expect(order).toEqual([`session(${AUTH_PARTITION}).clearStorageData`]);
    expect(electron.calls.indexOf(`session(${AUTH_PARTITION}).clearAuthCache`)).toBeLessThan(
      electron.calls.indexOf('window2.loadURL'),
    );
  });
});
