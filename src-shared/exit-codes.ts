/**
 * Every exit status a Library Kiosk process ends with, one meaning each: the CLI's commands, the
 * Electron app's command-line switches, both hosts' start, and the two ends the running Electron
 * kiosk gives the station's session script (resources/station/library-kiosk-session.sh, which
 * keeps 78 for itself: the station set up wrong). Documented in docs/sign-in-and-cli.md; scripts
 * rely on these numbers.
 */
export const EXIT = {
  ok: 0,
  internal: 1,
  usage: 2,
  refused: 3,
  authNeeded: 4,
  unreachable: 5,
  malformed: 6,
  /** The page crashed too often (src-main/host/page-recovery.ts); the session script starts it again. */
  pageKeepsCrashing: 70,
  /** Start me again now (a settings change); EX_TEMPFAIL of sysexits.h, "try again". */
  restart: 75,
  cancelled: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
