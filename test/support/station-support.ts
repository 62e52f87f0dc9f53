import { execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, readFileSync, readdirSync } from 'node:fs';
import { chmod, chown, copyFile, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LAUNCH_URL_FILE } from '../../src-main/web-host/launch-url-file';

export const SESSION_SCRIPT = path.resolve('resources/station/library-kiosk-session.sh');
const STANDARD_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
/** Generous for cage + Chromium starting on two loaded cores. */
export const STEP_TIMEOUT_MS = 60_000;

/** A program on PATH (or in the usual system folders, for runuser). */
export function findCommand(name: string): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(':'), ...STANDARD_PATH.split(':')];
  for (const folder of folders.filter(Boolean)) {
    const candidate = path.join(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

export function requireCommand(name: string, install: string): string {
  const found = findCommand(name);
  if (!found) {
    throw new Error(
      `${name} is not installed: apt-get install ${install} (bash .ci/run installs it on CI).`,
    );
  }
  return found;
}

export interface ProcessInfo {
  pid: number;
  ppid: number;
  uid: number;
  command: string;
}

/** Every live process (zombies left out: they are gone but for their exit status). */
export function processTable(): ProcessInfo[] {
  const table: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z' || state === 'X') continue;
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      table.push({
        pid: Number(entry),
        ppid: Number(ppid),
        uid: Number(/^Uid:\s+(\d+)/m.exec(status)?.[1] ?? -1),
        command,
      });
    } catch {
      // It ended while the table was read.
    }
  }
  return table;
}

/**
 * The session's processes: the launched process, its descendants, and anything naming the
 * station's temporary folder (Chromium's crash handlers leave the process group and their parent).
 */
function sessionProcesses(rootPid: number, marker: string): ProcessInfo[] {
  const table = processTable();
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const process of table) {
      if (!tree.has(process.pid) && tree.has(process.ppid)) {
        tree.add(process.pid);
        grew = true;
      }
    }
  }
  return table.filter((process) => tree.has(process.pid) || process.command.includes(marker));
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface DevToolsEndpoint {
  port: number;
  /** `/devtools/browser/<id>`: a new one for every Chromium start. */
  browserPath: string;
}

export interface StationSession {
  /** The user the session runs as (nobody when the tests run as root). */
  uid: number;
  /** The kiosk's data folder (KIOSK_DATA_DIR), removed by stop(). */
  dataDir: string;
  /** runuser (as root) or the script itself. */
  launcherPid: number;
  /** Its processes now, launcher (runuser) included. */
  processes(): ProcessInfo[];
  /** What the session script and its programs wrote to stdout and stderr (the journal). */
  log(): string;
  /** Resolves with Chromium's DevTools endpoint once one other than `previous` answers. */
  devTools(previous?: DevToolsEndpoint): Promise<DevToolsEndpoint>;
  /**
   * Writes the launch URL file as the web host does, atomically: the session user's own (0600) in
   * its data folder, or (hostLaunchUrl) the test's own in the host's folder, readable by the
   * session's group (0640), as library-kiosk-web.service leaves it.
   */
  writeLaunchUrl(url: string): Promise<void>;
  /** The launch URL file the session reads. */
  launchUrlFile: string;
  /** Waits until `probe` gives a value, failing with the session's log after the step timeout. */
  waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined): Promise<T>;
  /**
   * Stops the session as systemd would (SIGTERM to the script), then kills whatever is left and
   * removes the temporary folder. Returns the processes still alive afterwards (none, normally).
   */
  stop(): Promise<ProcessInfo[]>;
}

export interface StationOptions {
  /** Chromium and the web host's launch URL, or an Electron client (a stand-in, say). */
  client: { chromium: string; launchUrl: string } | { electron: string };
  /** More arguments for the client (KIOSK_CLIENT_ARGS). */
  clientArgs: string[];
  /** KIOSK_RESTART_DELAY; 1 unless given. */
  restartDelay?: number;
  /** More of the session's environment (KIOSK_RESTART_DELAY_MAX, KIOSK_RESTART_RESET...). */
  environment?: Record<string, string>;
  /**
   * The web host as another user (a Chromium station's units): the launch URL in a folder of the
   * test's own (0750, the session user's group), named by KIOSK_LAUNCH_URL_FILE.
   */
  hostLaunchUrl?: boolean;
}

/** Ids of the unprivileged user the session runs as when the tests run as root. */
function userIds(name: string): { uid: number; gid: number } {
  const id = (flag: string): number =>
    Number(execFileSync('id', [flag, name], { encoding: 'utf8' }));
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Runs resources/station/library-kiosk-session.sh as the kiosk user would: unprivileged (through
 * runuser as nobody when the tests run as root), with a clean environment, its own
 * XDG_RUNTIME_DIR, home and data folder (mode 0700), cage on wlroots' headless backend, and the
 * web host's launch URL in the data folder. The script runs from a copy in the temporary folder:
 * nobody may not be allowed into the checkout.
 */
export async function startStationSession(options: StationOptions): Promise<StationSession> {
  const runuser = process.getuid?.() === 0 ? requireCommand('runuser', 'util-linux') : undefined;
  const user = runuser ? { name: 'nobody', ...userIds('nobody') } : undefined;
  const uid = user?.uid ?? process.getuid?.() ?? -1;
  const base = await mkdtemp(path.join(tmpdir(), 'kiosk-station-'));
  await chmod(base, 0o755);
  const folder = async (name: string): Promise<string> => {
    const dir = path.join(base, name);
    await mkdir(dir, { mode: 0o700 });
    if (user) await chown(dir, user.uid, user.gid);
    return dir;
  };
  const runtimeDir = await folder('run');
  const home = await folder('home');
  const dataDir = await folder('data');
  const scriptPath = path.join(base, path.basename(SESSION_SCRIPT));
  await copyFile(SESSION_SCRIPT, scriptPath);
  await chmod(scriptPath, 0o755);

  let launchUrlFile = path.join(dataDir, LAUNCH_URL_FILE);
  const sessionGid = user?.gid ?? process.getgid?.() ?? -1;
  if (options.hostLaunchUrl) {
    const hostRun = path.join(base, 'host-run');
    await mkdir(hostRun, { mode: 0o750 });
    await chmod(hostRun, 0o750);
    await chown(hostRun, process.getuid?.() ?? -1, sessionGid);
    launchUrlFile = path.join(hostRun, LAUNCH_URL_FILE);
  }
  const writeLaunchUrl = async (url: string): Promise<void> => {
    const temporary = `${launchUrlFile}.tmp`;
    await writeFile(temporary, `${url}\n`, { mode: 0o600 });
    if (options.hostLaunchUrl) {
      await chown(temporary, process.getuid?.() ?? -1, sessionGid);
      await chmod(temporary, 0o640);
    } else if (user) {
      await chown(temporary, user.uid, user.gid);
    }
    await rename(temporary, launchUrlFile);
  };
  const { client } = options;
  if ('launchUrl' in client) await writeLaunchUrl(client.launchUrl);

  const env: Record<string, string> = {
    PATH: STANDARD_PATH,
    HOME: home,
    XDG_RUNTIME_DIR: runtimeDir,
    WLR_BACKENDS: 'headless',
    WLR_RENDERER: 'pixman',
    WLR_LIBINPUT_NO_DEVICES: '1',
    ...('electron' in client
      ? { KIOSK_CLIENT: 'electron', KIOSK_ELECTRON: client.electron }
      : { KIOSK_CLIENT: 'chromium', KIOSK_CHROMIUM: client.chromium }),
    KIOSK_DATA_DIR: dataDir,
    ...(options.hostLaunchUrl ? { KIOSK_LAUNCH_URL_FILE: launchUrlFile } : {}),
    KIOSK_RESTART_DELAY: String(options.restartDelay ?? 1),
    KIOSK_CLIENT_ARGS: options.clientArgs.join(' '),
    ...options.environment,
  };
  const command = [
    ...(runuser && user ? [runuser, '-u', user.name, '--'] : []),
    'env',
    '-i',
    ...Object.entries(env).map(([key, value]) => `${key}=${value}`),
    scriptPath,
  ];
  const child = spawn(command[0]!, command.slice(1), {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const rootPid = child.pid;
  if (rootPid === undefined) throw new Error(`Could not start ${command[0]}.`);
  let output = '';
  const collect = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitCode = code ?? (signal ? -1 : null);
      resolve();
    });
  });

  const tail = (): string => output.slice(-4000);
  const waitFor = async <T>(
    what: string,
    probe: () => Promise<T | undefined> | T | undefined,
  ): Promise<T> => {
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    for (;;) {
      if (exitCode !== undefined) {
        throw new Error(`The session ended (exit ${exitCode}) before ${what}.\n${tail()}`);
      }
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) {
        throw new Error(`No ${what} after ${STEP_TIMEOUT_MS / 1000} s. Session log:\n${tail()}`);
      }
      await delay(250);
    }
  };

  const readEndpoint = (): DevToolsEndpoint | undefined => {
    try {
      const [port, browserPath] = readFileSync(
        path.join(dataDir, 'chromium', 'DevToolsActivePort'),
        'utf8',
      ).split('\n');
      return port && browserPath ? { port: Number(port), browserPath } : undefined;
    } catch {
      return undefined;
    }
  };

  let stopped: ProcessInfo[] | undefined;
  return {
    uid,
    dataDir,
    launcherPid: rootPid,
    processes: () => sessionProcesses(rootPid, base),
    log: () => output,
    devTools: (previous) =>
      waitFor('new DevTools endpoint from Chromium', async () => {
        const endpoint = readEndpoint();
        if (!endpoint || endpoint.browserPath === previous?.browserPath) return undefined;
        const answer = await fetch(`http://127.0.0.1:${endpoint.port}/json/version`).catch(
          () => undefined,
        );
        return answer?.ok ? endpoint : undefined;
      }),
    writeLaunchUrl,
    launchUrlFile,
    waitFor,
    async stop() {
      if (stopped) return stopped;
      const known = sessionProcesses(rootPid, base);
      const script = known.find((process) => process.command === `/bin/sh ${scriptPath}`);
      if (script && exitCode === undefined) process.kill(script.pid, 'SIGTERM');
      await Promise.race([exited, delay(15_000)]);
      const left = [...known, ...sessionProcesses(rootPid, base)];
      try {
        process.kill(-rootPid, 'SIGKILL');
      } catch {
        // The process group is gone already.
      }
      for (const { pid } of left) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Ended already.
        }
      }
      const pids = new Set(left.map(({ pid }) => pid));
      const alive = (): ProcessInfo[] =>
        processTable().filter((process) => pids.has(process.pid) || process.command.includes(base));
      const deadline = Date.now() + 10_000;
      while (alive().length > 0 && Date.now() < deadline) await delay(100);
      stopped = alive();
      await rm(base, { recursive: true, force: true });
      return stopped;
    },
  };
}
