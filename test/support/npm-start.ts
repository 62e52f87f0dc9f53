import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RUNNING = /is running at (http:\/\/\S+?);/;

export interface NpmStart {
  /** Everything written so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the host's origin once it says it runs, or with its exit code if it ends first. */
  outcome: Promise<{ running: string } | { exited: number | null }>;
  /** SIGTERM (start.js passes it on to the kiosk), then waits for the end. */
  stop(): Promise<void>;
}

/**
 * `npm start` as a newcomer runs it (`node scripts/start.js`, the script's whole command) in a
 * terminal with no display, on `dataDir`. KIOSK_SKIP_BUILD: the test does not rebuild dist/.
 */
export function npmStart(
  dataDir: string,
  args: string[] = [],
  env: Record<string, string> = {},
): NpmStart {
  const base = { ...process.env };
  delete base.DISPLAY;
  delete base.WAYLAND_DISPLAY;
  const child = spawn(process.execPath, ['scripts/start.js', ...args], {
    cwd: ROOT,
    env: {
      ...base,
      KIOSK_LOG_LEVEL: 'error',
      KIOSK_SKIP_BUILD: '1',
      ...env,
      KIOSK_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const outcome = new Promise<{ running: string } | { exited: number | null }>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = RUNNING.exec(stdout)?.[1];
      if (url) resolve({ running: url });
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    void exited.then((code) => resolve({ exited: code }));
  });
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    outcome,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
