/**
 * How the settings screen's restart brings this install back (src-main/electron/restart.ts), for
 * each way an AppImage runs: mounted with FUSE, or extracted by the runtime's
 * `--appimage-extract-and-run` (a station without FUSE), which the runtime names in APPDIR.
 */
import { describe, expect, it } from 'vitest';
import { RESTART_EXIT_CODE, restartPlan } from '../../../src-main/electron/restart';

const APPIMAGE = '/opt/library-kiosk/Library-Kiosk.AppImage';
const ARGV = ['/tmp/.mount_Librar1a2b3c/library-kiosk', '--windowed'];

describe('the restart of an AppImage', () => {
  it('mounted with FUSE: the AppImage file with the same arguments', () => {
    expect(restartPlan({ APPIMAGE, APPDIR: '/tmp/.mount_Librar1a2b3c' }, ARGV)).toEqual({
      kind: 'relaunch',
      options: { execPath: APPIMAGE, args: ['--windowed'] },
    });
  });

  it('extracted by --appimage-extract-and-run: the switch again, or the new start needs FUSE', () => {
    expect(
      restartPlan({ APPIMAGE, APPDIR: '/var/tmp/appimage_extracted_6f1e0c9b2a' }, ARGV),
    ).toEqual({
      kind: 'relaunch',
      options: { execPath: APPIMAGE, args: ['--appimage-extract-and-run', '--windowed'] },
    });
  });

  it('extracted because of APPIMAGE_EXTRACT_AND_RUN=1: the variable goes along by itself', () => {
    const env = {
      APPIMAGE,
      APPDIR: '/tmp/appimage_extracted_6f1e0c9b2a',
      APPIMAGE_EXTRACT_AND_RUN: '1',
    };
    expect(restartPlan(env, ARGV)).toEqual({
      kind: 'relaunch',
      options: { execPath: APPIMAGE, args: ['--windowed'] },
    });
  });

  it('under the session script: the exit the script restarts after, whatever the package', () => {
    const env = { KIOSK_SUPERVISED: '1', APPIMAGE, APPDIR: '/tmp/appimage_extracted_6f1e0c9b2a' };
    expect(restartPlan(env, ARGV)).toEqual({ kind: 'exit', code: RESTART_EXIT_CODE });
  });
});
