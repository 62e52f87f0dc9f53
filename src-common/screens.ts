import type { z } from 'zod';
import type { PatronScreenSchemas } from './ipc/patron';

export type PatronScreenName = z.infer<(typeof PatronScreenSchemas)[number]>['name'];

/**
 * Whether the patron's inactivity timer runs on each patron screen, so that a touch there keeps
 * the session alive: every screen of a session but thanks, which ends by itself. The core arms its
 * timer by this table and the renderer reports activity by it, so the two cannot disagree; a
 * patron screen added to the contract without a row here does not compile.
 */
export const SESSION_TIMER_RUNS = {
  attract: false,
  identifying: true,
  'pin-entry': true,
  'email-entry': true,
  patron: true,
  'check-in': true,
  receipt: true,
  thanks: false,
} as const satisfies Record<PatronScreenName, boolean>;

/** True on the screens where a patron's activity keeps the session alive. */
export function sessionTimerRunsOn(screen: string): boolean {
  return (
    Object.hasOwn(SESSION_TIMER_RUNS, screen) && SESSION_TIMER_RUNS[screen as PatronScreenName]
  );
}
