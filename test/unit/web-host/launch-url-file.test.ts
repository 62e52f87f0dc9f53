/**
 * The web host's launch URL file: its own in the data folder (0600), or, where the station's
 * session runs as another user (KIOSK_LAUNCH_URL_FILE, library-kiosk-web.service), readable by
 * the session's group only (0640) even under the unit's UMask=0077; always renamed into place.
 */
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LAUNCH_URL_FILE,
  launchUrlTarget,
  writeLaunchUrlFile,
} from '../../../src-main/web-host/launch-url-file';

const URL_WITH_KEY = 'http://127.0.0.1:7300/?launch=secret-launch-key';

let folder: string;
let umask: number;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'kiosk-launch-url-'));
  // The web host's unit runs it with UMask=0077.
  umask = process.umask(0o077);
});

afterEach(async () => {
  process.umask(umask);
  await rm(folder, { recursive: true, force: true });
});

describe('launchUrlTarget', () => {
  it('is the data folder own file unless KIOSK_LAUNCH_URL_FILE names another', () => {
    expect(launchUrlTarget('/var/lib/library-kiosk', {})).toEqual({
      file: path.join('/var/lib/library-kiosk', LAUNCH_URL_FILE),
      shared: false,
    });
    expect(
      launchUrlTarget('/var/lib/library-kiosk', {
        KIOSK_LAUNCH_URL_FILE: '/run/library-kiosk-web/launch-url',
      }),
    ).toEqual({ file: '/run/library-kiosk-web/launch-url', shared: true });
  });
});

describe('writeLaunchUrlFile', () => {
  it("writes the data folder's file for this user only (0600)", async () => {
    const file = await writeLaunchUrlFile(launchUrlTarget(folder, {}), URL_WITH_KEY);
    expect(await readFile(file, 'utf8')).toBe(`${URL_WITH_KEY}\n`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("writes the session's copy readable by group (0640) under a umask of 077, nothing left beside it", async () => {
    const runtime = path.join(folder, 'library-kiosk-web');
    const target = launchUrlTarget(folder, {
      KIOSK_LAUNCH_URL_FILE: path.join(runtime, 'launch-url'),
    });
    const file = await writeLaunchUrlFile(target, URL_WITH_KEY);
    expect(file).toBe(path.join(runtime, 'launch-url'));
    expect(await readFile(file, 'utf8')).toBe(`${URL_WITH_KEY}\n`);
    expect((await stat(file)).mode & 0o777).toBe(0o640);
    expect(await readdir(runtime)).toEqual(['launch-url']);
  });
});
