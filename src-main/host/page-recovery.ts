/**
 * When the kiosk page crashes or hangs, what to do about it: reload it, or (after too many crashes
 * close together) end the process so that the station's session starts the kiosk afresh. Pure:
 * the Electron host (src-main/electron/page-watch.ts) and the web host feed it events and a clock.
 */

import type { z } from 'zod';
import type { RecoveryTally } from '../core/console/deps';
import { EXIT_PAGE_KEEPS_CRASHING } from '../core/console/diagnostics/station-restarts';
import type { RecoveryKindSchema } from '../../src-common/ipc/console/diagnostics';
import { NO_METRICS, type KioskMetrics } from '../metrics/kiosk-metrics';

/** Why the page was recovered, as the log and the status screen name it. */
export type RecoveryKind = z.infer<typeof RecoveryKindSchema>;

export interface RecoveryLimits {
  /** This many crashes within `windowMs` end the process instead of another reload. */
  maxCrashes: number;
  windowMs: number;
  /** A page unresponsive (or silent to its heartbeat) for longer than this is ended and reloaded. */
  unresponsiveMs: number;
  /** How often the host asks the page for a heartbeat. */
  heartbeatEveryMs: number;
  /**
   * A hung page's renderer, killed, is reported gone within milliseconds; one still there after
   * this cannot be ended from the main process, and the process ends for the session to restart.
   */
  endGraceMs: number;
}

/**
 * 3 crashes in 5 minutes: a page that crashes again at once would otherwise reload forever. 30 s
 * unresponsive: far longer than any step of a loan, short enough that the next patron finds a
 * working screen. A beat every 5 s: six missed before the page counts as stopped. docs/electron.md
 * lists them.
 */
export const RECOVERY_LIMITS: RecoveryLimits = {
  maxCrashes: 3,
  windowMs: 5 * 60_000,
  unresponsiveMs: 30_000,
  heartbeatEveryMs: 5_000,
  endGraceMs: 10_000,
};

export type LossVerdict = { action: 'reload' } | { action: 'exit'; code: number };

export interface PageRecovery {
  /**
   * The page's renderer is gone (crashed, or ended after hanging): reload it and count it, or,
   * at the limit of losses within the window, end the process with EXIT_PAGE_KEEPS_CRASHING.
   */
  lost(kind: RecoveryKind): LossVerdict;
  /** Counts a loss the host cannot act on (the web host's browser page): no limit applies. */
  noted(kind: RecoveryKind): void;
  tally(): RecoveryTally;
  readonly limits: RecoveryLimits;
}

export function createPageRecovery(
  limits: RecoveryLimits = RECOVERY_LIMITS,
  now: () => number = Date.now,
  metrics: Pick<KioskMetrics, 'rendererCrashed' | 'rendererRestarted'> = NO_METRICS,
): PageRecovery {
  let losses: number[] = [];
  let count = 0;
  let last: RecoveryTally['last'];
  return {
    limits,
    lost(kind) {
      const at = now();
      metrics.rendererCrashed();
      losses = [...losses.filter((time) => at - time < limits.windowMs), at];
      if (losses.length >= limits.maxCrashes) {
        return { action: 'exit', code: EXIT_PAGE_KEEPS_CRASHING };
      }
      count += 1;
      last = { kind, at: new Date(at) };
      metrics.rendererRestarted();
      return { action: 'reload' };
    },
    noted(kind) {
      metrics.rendererCrashed();
      count += 1;
      last = { kind, at: new Date(now()) };
    },
    tally: () => (last ? { count, last: { ...last } } : { count }),
  };
}

type RendererMetrics = Pick<KioskMetrics, 'rendererCrashed' | 'rendererRestarted'>;

/**
 * For a page recovery made before the kiosk's metrics exist (both hosts watch the page from the
 * start, and bootKiosk makes the metrics): a loss before `attach` is held and reported when it
 * names where reports go, so a page lost while the kiosk was still booting is counted too.
 */
export function laterRendererMetrics(): {
  metrics: RendererMetrics;
  attach(to: RendererMetrics): void;
} {
  let target: RendererMetrics | undefined;
  // Counts only: what a loss reports carries nothing else, and its time is not a label.
  const held = { crashes: 0, restarts: 0 };
  return {
    metrics: {
      rendererCrashed: () => (target ? target.rendererCrashed() : void (held.crashes += 1)),
      rendererRestarted: () => (target ? target.rendererRestarted() : void (held.restarts += 1)),
    },
    attach(to) {
      target = to;
      for (; held.crashes > 0; held.crashes -= 1) to.rendererCrashed();
      for (; held.restarts > 0; held.restarts -= 1) to.rendererRestarted();
    },
  };
}
