import { spawn } from 'node:child_process';
import type { ChildLauncher, LaunchedChild } from '../src-shared/child-launcher';

export type {
  ChildLauncher,
  ChildLaunchRequest,
  LaunchedChild,
} from '../src-shared/child-launcher';

/**
 * The default launcher, for plain Node (web host, CLI, tests, `npm run service`): the script runs
 * under this same Node binary. Under Electron `process.execPath` is the kiosk itself (with the
 * RunAsNode fuse off it would boot a second kiosk), so there the host must inject its own.
 */
export const nodeChildLauncher: ChildLauncher = ({ script, args, env }) => {
  if (process.versions.electron) {
    throw new Error(
      'The reference service runs under Electron without a child launcher: the host must pass one (utilityProcess.fork), since process.execPath is the kiosk itself.',
    );
  }
  const child = spawn(process.execPath, [script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let hasExited = false;
  const exited = new Promise<number | null>((resolve) => {
    const done = (code: number | null): void => {
      hasExited = true;
      resolve(code);
    };
    child.once('exit', (code) => done(code));
    // A failed spawn may emit 'error' without 'exit'.
    child.once('error', () => done(null));
  });
  const launched: LaunchedChild = {
    get pid() {
      return child.pid;
    },
    stdout: child.stdout,
    stderr: child.stderr,
    exited,
    get hasExited() {
      return hasExited;
    },
    kill: (signal) => {
      if (!hasExited) child.kill(signal);
    },
  };
  return launched;
};
