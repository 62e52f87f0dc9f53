/**
 * The sign-in page in the kiosk window (src-main/electron/sign-in-view.ts) under the fake
 * `electron` module, with the station's compositor, cage, as its source places windows
 * (test/support/fake-electron-windows.ts): the page sits below the kiosk page's sign-in bar, so a
 * tap on the bar's Cancel reaches the kiosk page; every sign-in uses the one in-memory partition,
 * emptied (storage, cache, credentials) once the page closes and before the next sign-in loads.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindow } from 'electron';
import { SIGN_IN_BAR_PX } from '../../../src-common/sign-in-bar';
import type { FakeBrowserWindow, FakeElectron } from '../../support/fake-electron';
import { tapAt } from '../../support/fake-electron';
import { captureLogs } from '../../support/log-capture';

const state = vi.hoisted(() => ({ electron: undefined as FakeElectron | undefined }));

vi.mock('electron', async () => {
  const { FakeElectron } = await import('../../support/fake-electron');
  state.electron ??= new FakeElectron({ paths: {} });
  return state.electron.module();
});

const { AUTH_PARTITION, openSignInView } = await import('../../../src-main/electron/sign-in-view');

const AUTHORIZATION_URL = 'https://auth.example/connect/authorize?state=s';
const REDIRECT_URI = 'org.example.librarykiosk:/oauth/callback';

let electron: FakeElectron;
let host: FakeBrowserWindow;

beforeEach(async () => {
  await import('electron');
  electron = state.electron!;
  electron.reset({ paths: {}, compositor: 'cage' });
  electron.ready();
  const BrowserWindow = electron.module().BrowserWindow as new (
    options: unknown,
  ) => FakeBrowserWindow;
  host = new BrowserWindow({ kiosk: true, webPreferences: { preload: '/app/preload.cjs' } });
});

const signIn = (extra: { signal?: AbortSignal; onInput?: () => void } = {}) =>
  openSignInView({
    authorizationUrl: AUTHORIZATION_URL,
    redirectUri: REDIRECT_URI,
    host: host as unknown as BrowserWindow,
    ...extra,
  });

describe('the sign-in page in the kiosk window', () => {
  it("shows below the kiosk page's bar, on its own in-memory session, with the keyboard", async () => {
    void signIn();
    const [view] = host.contentView.children;
    expect(view?.bounds).toEqual({
      x: 0,
      y: SIGN_IN_BAR_PX,
      width: 1280,
      height: 800 - SIGN_IN_BAR_PX,
    });
    expect(view?.options.webPreferences).toMatchObject({
      partition: AUTH_PARTITION,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    expect(AUTH_PARTITION.startsWith('persist:')).toBe(false);
    await vi.waitFor(() => expect(view?.webContents.loaded).toEqual([AUTHORIZATION_URL]));
    expect(view?.webContents.focused).toBe(true);
  });

  // Under cage a window of its own was a full-screen view in front of the kiosk, without a
  // close button or key: staff could neither close it nor reach the kiosk page's Cancel.
  it("under cage: a tap on the bar reaches the kiosk page's Cancel, a tap below the sign-in page", () => {
    void signIn();
    const [view] = host.contentView.children;
    expect(electron.windows).toHaveLength(1);
    expect(tapAt(electron, 640, SIGN_IN_BAR_PX / 2)).toBe(host.webContents);
    expect(tapAt(electron, 640, 400)).toBe(view?.webContents);
    // And the kiosk stays where it is: cage raises nothing over it.
    expect(tapAt(electron, 640, SIGN_IN_BAR_PX / 2)).toBe(host.webContents);
  });

  it("follows the kiosk window's size (a display rotated or changed)", () => {
    void signIn();
    host.resizeTo(800, 1280);
    expect(host.contentView.children[0]?.bounds).toEqual({
      x: 0,
      y: SIGN_IN_BAR_PX,
      width: 800,
      height: 1280 - SIGN_IN_BAR_PX,
    });
  });

  it('closes on Cancel: the page leaves the window and is destroyed, its session emptied', async () => {
    const cancel = new AbortController();
    const result = signIn({ signal: cancel.signal });
    const view = host.contentView.children[0]!;
    cancel.abort();
    expect(await result).toBeNull();
    expect(host.contentView.children).toEqual([]);
    expect(view.webContents.isDestroyed()).toBe(true);
    const session = electron.sessions.get(AUTH_PARTITION)!;
    await vi.waitFor(() => expect(session.authCacheCleared).toBe(1));
    expect(session.storageCleared).toBe(1);
    expect(session.cacheCleared).toBe(1);
  });

  it('ends the attempt when the sign-in page is lost (its renderer crashed)', async () => {
    const logs = captureLogs('warn');
    const result = signIn();
    host.contentView.children[0]!.webContents.renderer.crash();
    expect(await result).toBeNull();
    logs.restore();
    expect(host.contentView.children).toEqual([]);
    expect(logs.records).toMatchObject([
      {
        level: 'warn',
        scope: 'electron:sign-in-view',
        message: 'the sign-in page was lost',
        data: { reason: 'crashed' },
      },
    ]);
  });

  it("counts staff's taps and keys in the sign-in page as staff activity", () => {
    const onInput = vi.fn();
    void signIn({ onInput });
    const view = host.contentView.children[0]!;
    view.webContents.press({ key: 'a' });
    tapAt(electron, 640, 400);
    expect(onInput).toHaveBeenCalledTimes(2);
  });
});

describe("each sign-in's session", () => {
  it('is released after a completed sign-in, and many sign-ins leave one session, not one each', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const result = signIn();
      const view = electron.views.at(-1)!;
      await vi.waitFor(() => expect(view.webContents.loaded).toEqual([AUTHORIZATION_URL]));
      view.webContents.navigate(`${REDIRECT_URI}?code=c${attempt}&state=s`, 'will-redirect');
      expect(await result).toBe(`${REDIRECT_URI}?code=c${attempt}&state=s`);
      expect(view.webContents.isDestroyed()).toBe(true);
    }
    const partitions = [...electron.sessions.keys()];
    expect(partitions).toEqual([AUTH_PARTITION]);
    const session = electron.sessions.get(AUTH_PARTITION)!;
    await vi.waitFor(() => expect(session.storageCleared).toBe(3));
    expect(session.cacheCleared).toBe(3);
    expect(session.authCacheCleared).toBe(3);
  });

  it('loads the next sign-in page only after the previous session is emptied', async () => {
    const cancel = new AbortController();
    const first = signIn({ signal: cancel.signal });
    cancel.abort();
    await first;
    void signIn();
    const order = electron.calls.filter((call) => /clearStorageData|view2\.loadURL/.test(call));
    await vi.waitFor(() => expect(electron.calls).toContain('view2.loadURL'));
    expect(order).toEqual([`session(${AUTH_PARTITION}).clearStorageData`]);
    expect(electron.calls.indexOf(`session(${AUTH_PARTITION}).clearAuthCache`)).toBeLessThan(
      electron.calls.indexOf('view2.loadURL'),
    );
  });
});
