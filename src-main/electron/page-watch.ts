import type { App, BrowserWindow } from 'electron';
import { createLogger } from '../../src-shared/log/logger';
import type { PageRecovery, RecoveryKind } from '../host/page-recovery';

const log = createLogger('electron:page-watch');

export interface PageWatchOptions {
  recovery: PageRecovery;
  /** Ends the process with a code the station's session script restarts after (app.exit). */
  exit(code: number): void;
}

/**
 * The kiosk window's renderer crashed or hangs: reload the page (Electron keeps the main process
 * alive and the window blank otherwise). The policy (limit, window, threshold) is the pure
 * PageRecovery; this only wires Electron's events to it. Returns the function that stops watching.
 */
export function watchKioskPage(window: BrowserWindow, options: PageWatchOptions): () => void {
  const contents = window.webContents;
  const { recovery } = options;
  let hung: ReturnType<typeof setTimeout> | undefined;
  // Set while the page is ended for hanging: its render-process-gone is then already handled.
  let ending = false;

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

  const onGone = (_event: unknown, details: { reason: string; exitCode: number }): void => {
    if (ending) {
      ending = false;
      return;
    }
    // The window closing ends its renderer too: nothing to recover then.
    if (window.isDestroyed() || contents.isDestroyed()) return;
    recover('crashed', { reason: details.reason, exitCode: details.exitCode });
  };
  const onUnresponsive = (): void => {
    if (hung) return;
    log.warn('the kiosk page is not responding');
    const { unresponsiveMs } = recovery.limits;
    hung = setTimeout(() => {
      hung = undefined;
      if (contents.isDestroyed()) return;
      ending = true;
      // Electron's own recipe for a hung page: end its renderer, then load the page again.
      contents.forcefullyCrashRenderer();
      recover('unresponsive', { reason: `not responding for ${unresponsiveMs / 1000} s` });
    }, unresponsiveMs);
  };
  const onResponsive = (): void => {
    if (!hung) return;
    clearTimeout(hung);
    hung = undefined;
    log.info('the kiosk page is responding again');
  };

  contents.on('render-process-gone', onGone);
  contents.on('unresponsive', onUnresponsive);
  contents.on('responsive', onResponsive);
  return () => {
    if (hung) clearTimeout(hung);
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
  serviceName?: string;
  name?: string;
}

/**
 * Electron's children (GPU, utility processes such as the embedded service's Azurite) ending
 * after start-up: logged with their reason; `onServiceGone` is told about an embedded-service
 * utility process so the host can report it to staff. A clean exit (a stop) is not a loss.
 */
export function watchChildProcesses(
  app: Pick<App, 'on' | 'off'>,
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
    if (details.type === 'Utility') {
      log.error('an embedded-service process ended', facts);
      onServiceGone(details);
    } else {
      // Chromium starts a new GPU or network process by itself.
      log.warn('an Electron child process ended', facts);
    }
  };
  app.on('child-process-gone', onGone as (...args: unknown[]) => void);
  return () => app.off('child-process-gone', onGone as (...args: unknown[]) => void);
}
