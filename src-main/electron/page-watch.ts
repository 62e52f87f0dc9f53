import type { App, BrowserWindow } from 'electron';
import { createLogger } from '../../src-shared/log/logger';
import { EXIT_PAGE_KEEPS_CRASHING } from '../core/console/diagnostics/station-restarts';
import type { PageRecovery, RecoveryKind } from '../host/page-recovery';
import { watchHeartbeat } from './page-heartbeat';
import type { HeartbeatIpc } from './page-heartbeat';

const log = createLogger('electron:page-watch');

export interface PageWatchOptions {
  recovery: PageRecovery;
  /**
   * Stops the kiosk, then ends the process with a code the station's session script restarts
   * after (app.exit).
   */
  exit(code: number): void;
  /** ipcMain, for the page's heartbeat (page-heartbeat.ts). */
  ipc: HeartbeatIpc;
  /** Ends a process by its pid; process.kill outside tests. */
  kill?: (pid: number, signal: NodeJS.Signals) => void;
}

/**
 * The kiosk window's renderer crashed or hangs: reload the page (Electron keeps the main process
 * alive and the window blank otherwise). A hung page (Chromium's `unresponsive` for 30 s, or no
 * heartbeat for 30 s) is ended by killing its renderer's process: `forcefullyCrashRenderer()` on
 * Linux only asks the renderer to crash itself (electron_api_web_contents.cc, ForceCrash), which
 * a stopped one never does, and a reload sent to a stuck renderer commits nothing. The page is
 * reloaded only from `render-process-gone`, once the old renderer is really gone; a renderer that
 * is still there after `endGraceMs` ends the process for the session to restart, so the watch is
 * never left waiting. The policy (limit, window, thresholds) is the pure PageRecovery. Returns the
 * function that stops watching.
 */
export function watchKioskPage(window: BrowserWindow, options: PageWatchOptions): () => void {
  const contents = window.webContents;
  const { recovery } = options;
  const { unresponsiveMs, heartbeatEveryMs, endGraceMs } = recovery.limits;
  const kill = options.kill ?? ((pid, signal) => process.kill(pid, signal));
  let hung: ReturnType<typeof setTimeout> | undefined;
  // Set while a hung page's renderer is being ended: why, and the deadline for its end.
  let ending: { reason: string; deadline: ReturnType<typeof setTimeout> } | undefined;

  const recover = (kind: RecoveryKind, details: Record<string, unknown>): void => {
    const verdict = recovery.lost(kind);
    if (verdict.action === 'exit') {
      const { maxCrashes, windowMs } = recovery.limits;
      log.error('the kiosk page was lost too often: ending the kiosk for the session to restart', {
        kind,
        ...details,
        limit: `${maxCrashes} in ${windowMs / 60_000} min`,
        kioskExitCode: verdict.code,
      });
      options.exit(verdict.code);
      return;
    }
    // Whole sentences, so that the messages docs/operations.md lists are found as written.
    const message =
      kind === 'crashed'
        ? 'the kiosk page crashed: reloading it'
        : 'the kiosk page hung: reloading it';
    log.error(message, { kind, ...details });
    contents.reload();
  };

  const notEnded = (): void => {
    const reason = ending?.reason;
    ending = undefined;
    log.error(
      'the hung kiosk page could not be ended: ending the kiosk for the session to restart',
      {
        reason,
        waitedMs: endGraceMs,
        kioskExitCode: EXIT_PAGE_KEEPS_CRASHING,
      },
    );
    options.exit(EXIT_PAGE_KEEPS_CRASHING);
  };

  /** Kills the hung page's renderer; its render-process-gone brings the reload. */
  const endHungPage = (reason: string): void => {
    if (ending || contents.isDestroyed()) return;
    ending = { reason, deadline: setTimeout(notEnded, endGraceMs) };
    const pid = contents.getOSProcessId();
    if (pid > 0 && pid !== process.pid) {
      try {
        kill(pid, 'SIGKILL');
        log.error('the kiosk page hung: ending its renderer', { reason, pid });
        return;
      } catch (error) {
        log.warn('the hung kiosk page could not be killed by its pid', { pid, error });
      }
    }
    // No process to kill (Electron's null pid): Chromium's own request, which may never act.
    log.error('the kiosk page hung: asking its renderer to end', { reason });
    contents.forcefullyCrashRenderer();
  };

  const onGone = (_event: unknown, details: { reason: string; exitCode: number }): void => {
    const ended = ending;
    if (ended) clearTimeout(ended.deadline);
    ending = undefined;
    if (hung) clearTimeout(hung);
    hung = undefined;
    // The window closing ends its renderer too: nothing to recover then.
    if (window.isDestroyed() || contents.isDestroyed()) return;
    if (ended) {
      recover('unresponsive', { reason: ended.reason, exitCode: details.exitCode });
    } else {
      recover('crashed', { reason: details.reason, exitCode: details.exitCode });
    }
  };
  const onUnresponsive = (): void => {
    if (hung || ending) return;
    log.warn('the kiosk page is not responding');
    hung = setTimeout(() => {
      hung = undefined;
      endHungPage(`not responding for ${unresponsiveMs / 1000} s`);
    }, unresponsiveMs);
  };
  const onResponsive = (): void => {
    if (!hung) return;
    clearTimeout(hung);
    hung = undefined;
    log.info('the kiosk page is responding again');
  };
  const stopHeartbeat = watchHeartbeat(contents, options.ipc, {
    everyMs: heartbeatEveryMs,
    silentMs: unresponsiveMs,
    onSilent: (silentForMs) => {
      log.warn('the kiosk page stopped answering its heartbeat', { silentForMs });
      endHungPage(`no heartbeat for ${Math.round(silentForMs / 1000)} s`);
    },
  });

  contents.on('render-process-gone', onGone);
  contents.on('unresponsive', onUnresponsive);
  contents.on('responsive', onResponsive);
  return () => {
    if (hung) clearTimeout(hung);
    if (ending) clearTimeout(ending.deadline);
    stopHeartbeat();
    contents.off('render-process-gone', onGone);
    contents.off('unresponsive', onUnresponsive);
    contents.off('responsive', onResponsive);
  };
}

/** What the kiosk does about a child process of Electron's that ended after start-up. */
export interface ChildGone {
  type: string;
  reason: string;
  exitCode: number;
  /** Its mojo service: `node.mojom.NodeService` for any utilityProcess.fork. */
  serviceName?: string;
  /** Its name: for a utility process the kiosk forked, the `serviceName` it gave to fork. */
  name?: string;
}

/**
 * Electron's children ending after start-up, logged with their reason. A utility process is the
 * embedded service's (Azurite's) only if it carries a name the kiosk gave at fork (`forked`, the
 * launcher's record): Chromium's network and audio services are utility processes too, which
 * Chromium starts again itself. `onServiceGone` hears of the embedded service's, so the host can
 * report it to staff. A clean exit (a stop) is not a loss.
 */
export function watchChildProcesses(
  app: Pick<App, 'on' | 'off'>,
  forked: ReadonlySet<string>,
  onServiceGone: (child: ChildGone) => void,
): () => void {
  const onGone = (_event: unknown, details: ChildGone): void => {
    if (details.reason === 'clean-exit') return;
    const facts = {
      type: details.type,
      reason: details.reason,
      exitCode: details.exitCode,
      ...(details.serviceName ? { serviceName: details.serviceName } : {}),
      ...(details.name ? { name: details.name } : {}),
    };
    if (details.type === 'Utility' && details.name !== undefined && forked.has(details.name)) {
      log.error('an embedded-service process ended', facts);
      onServiceGone(details);
    } else {
      // Chromium starts a new GPU, network or audio process by itself.
      log.warn('an Electron child process ended', facts);
    }
  };
  app.on('child-process-gone', onGone as (...args: unknown[]) => void);
  return () => app.off('child-process-gone', onGone as (...args: unknown[]) => void);
}
