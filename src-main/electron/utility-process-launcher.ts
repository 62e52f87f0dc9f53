import { app, utilityProcess } from 'electron';
import type { ForkOptions } from 'electron';
import type { ChildLauncher, LaunchedChild } from '../../src-shared/child-launcher';
import type { ResolveOptions } from '../host/embedded-service';
import { electronSqliteBinding } from '../host/native-binding';

/**
 * The part of Electron's UtilityProcess this launcher uses (Electron 45: utilityProcess.fork
 * returns it; with stdio 'pipe' its stdout and stderr are streams from the start; `pid` is
 * undefined until it has spawned; 'exit' carries the exit code; kill() sends SIGTERM on POSIX).
 */
export interface UtilityProcessLike {
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  once(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
}

export type UtilityFork = (
  modulePath: string,
  args: string[],
  options: ForkOptions,
) => UtilityProcessLike;

/**
 * The embedded service's children under Electron: a utility process (Chromium's Services API
 * running Electron's own Node), not `process.execPath`, which is the kiosk and, with the RunAsNode
 * fuse off, would start a second kiosk. It loads the script through Node's ES module loader, with
 * `process.argv` as under Node ([execPath, script, ...args]), so the same azurite-child.mjs runs
 * under both. No IPC: Azurite reports readiness on stdout, which the service reads.
 */
export function utilityProcessLauncher(
  fork: UtilityFork = (modulePath, args, options) => utilityProcess.fork(modulePath, args, options),
  forked: Set<string> = new Set(),
): ChildLauncher {
  return ({ script, args, env, name }) => {
    // Its `child-process-gone` carries this name (page-watch.ts tells it from Chromium's own).
    forked.add(name);
    const child = fork(script, [...args], { env, stdio: 'pipe', serviceName: name });
    let hasExited = false;
    const exited = new Promise<number | null>((resolve) => {
      child.once('exit', (code) => {
        hasExited = true;
        resolve(code);
      });
    });
    const launched: LaunchedChild = {
      get pid() {
        return child.pid;
      },
      // Read once: Electron sets them to null after 'exit'; the streams themselves stay readable.
      stdout: child.stdout,
      stderr: child.stderr,
      exited,
      get hasExited() {
        return hasExited;
      },
      kill: (signal) => {
        if (hasExited) return;
        // UtilityProcess.kill() only asks (SIGTERM); the last resort goes to the pid directly.
        if (signal === 'SIGKILL' && child.pid !== undefined) {
          try {
            process.kill(child.pid, 'SIGKILL');
            return;
          } catch {
            // Already gone: the exit event follows.
          }
        }
        child.kill();
      },
    };
    return launched;
  };
}

/**
 * What the Electron host passes to bootKiosk as `embeddedService` (merged with any other
 * ResolveOptions): the utility-process launcher and the Electron build of better-sqlite3. Call it
 * after `app.whenReady()` (utilityProcess.fork needs the app ready; the launcher forks only when
 * the embedded service starts). `forked` collects the names given at fork.
 */
export function electronEmbeddedService(
  forked: Set<string> = new Set(),
): Pick<ResolveOptions, 'launchChild' | 'sqliteNativeBinding'> {
  return {
    launchChild: utilityProcessLauncher(undefined, forked),
    sqliteNativeBinding: electronSqliteBinding({
      packaged: app.isPackaged,
      appPath: app.getAppPath(),
      resourcesPath: process.resourcesPath,
    }),
  };
}
