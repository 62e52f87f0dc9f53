import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LAUNCH_URL_FILE } from '../../src-main/web-host/launch-url-file';

const ROOT = path.resolve(import.meta.dirname, '../..');
const STARTED = /is running at (http:\/\/\S+?);/;

export interface WebHostExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface WebHostChild {
  pid: number;
  /** The host's origin, as it printed it. */
  url: string;
  /** This run's launch URL (with its key), read from `<dataDir>/launch-url`. */
  launchUrl: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  running(): boolean;
  exited: Promise<WebHostExit>;
  /** Sends `signal` to this process (and no other) and waits for it to end. */
  kill(signal: NodeJS.Signals): Promise<WebHostExit>;
}

/**
 * The web host as a station runs it (`node --import tsx src-main/web-host/main.ts --port 0`) on
 * `dataDir`, resolved once it says it is running and its launch URL file is written.
 */
export async function startWebHostChild(
  dataDir: string,
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<WebHostChild> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src-main/web-host/main.ts', '--port', '0'],
    {
      cwd: ROOT,
      env: { ...process.env, KIOSK_LOG_LEVEL: 'error', ...env, KIOSK_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  let running = true;
  const exited = new Promise<WebHostExit>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    });
  });
  const started = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`the web host did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const url = STARTED.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((exit) => {
      clearTimeout(timer);
      reject(
        new Error(
          `the web host exited (${exit.code ?? exit.signal}) before it started:\n${output}`,
        ),
      );
    });
    child.once('error', reject);
  });
  const kill = (signal: NodeJS.Signals): Promise<WebHostExit> => {
    if (running) child.kill(signal);
    return exited;
  };
  try {
    const url = await started;
    // main.ts writes the file before it prints the line.
    const launchUrl = (await readFile(path.join(dataDir, LAUNCH_URL_FILE), 'utf8')).trim();
    return {
      pid: child.pid ?? -1,
      url,
      launchUrl,
      output: () => output,
      running: () => running,
      exited,
      kill,
    };
  } catch (error) {
    await kill('SIGKILL');
    throw error;
  }
}
