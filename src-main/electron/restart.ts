/**
 * The restart after a settings change, the way this install comes back (docs/electron.md,
 * "Restart after a settings change").
 */
import { EXIT } from '../../src-shared/exit-codes';

/**
 * The exit status that asks the station's session script (resources/station/
 * library-kiosk-session.sh, `restart_status`) to start the kiosk again at once. 75 is EX_TEMPFAIL
 * of sysexits.h: "try again"; the script keeps 78 (EX_CONFIG) for a station set up wrong.
 */
export const RESTART_EXIT_CODE = EXIT.restart;

/** Set to 1 by the session script: the kiosk runs under it (cage, systemd), which restarts it. */
export const SUPERVISED_VARIABLE = 'KIOSK_SUPERVISED';

export type RestartPlan =
  | { kind: 'exit'; code: number }
  | { kind: 'relaunch'; options?: { execPath: string; args: string[] } };

/** The AppImage runtime's switch that runs the image extracted, without FUSE. */
export const EXTRACT_AND_RUN = '--appimage-extract-and-run';

/**
 * Started with EXTRACT_AND_RUN: the runtime takes the switch from the arguments and runs the
 * image from `$TMPDIR/appimage_extracted_<hash>`, which it names in APPDIR (a FUSE mount is
 * `/tmp/.mount_<name>`). APPIMAGE_EXTRACT_AND_RUN=1 does the same and is inherited as it is.
 */
function extractedAndRun(env: NodeJS.ProcessEnv): boolean {
  if (env.APPIMAGE_EXTRACT_AND_RUN === '1') return false;
  const appDir = env.APPDIR ?? '';
  return /(^|\/)appimage_extracted_[^/]+\/?$/.test(appDir);
}

/**
 * - Under the session script: exit with RESTART_EXIT_CODE. A process relaunched by Electron would
 *   run outside cage (no screen) and race the script's own restart.
 * - In an AppImage: relaunch the AppImage file itself (APPIMAGE), not the binary inside its mount,
 *   which is gone once this process ends (electron-builder#1727, #4650). With an execPath,
 *   Electron passes only `args`, so the arguments of this start go along, and the runtime's
 *   EXTRACT_AND_RUN when this start had it (a station without FUSE would not start otherwise).
 * - Otherwise: Electron's relaunch of the same binary with the same arguments.
 */
export function restartPlan(env: NodeJS.ProcessEnv, argv: readonly string[]): RestartPlan {
  if (env[SUPERVISED_VARIABLE] === '1') return { kind: 'exit', code: RESTART_EXIT_CODE };
  const appImage = env.APPIMAGE;
  if (appImage) {
    const args = [...(extractedAndRun(env) ? [EXTRACT_AND_RUN] : []), ...argv.slice(1)];
    return { kind: 'relaunch', options: { execPath: appImage, args } };
  }
  return { kind: 'relaunch' };
}
