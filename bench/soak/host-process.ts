import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StoredSettings } from '../../src-main/settings/resolve';
import type { ChildMessage, HostCounts } from './protocol';

const ENTRY = path.join(import.meta.dirname, 'host-child.ts');
const ROOT = path.resolve(import.meta.dirname, '../..');

export interface HostSample {
  heapUsed: number;
  rss: number;
  counts: HostCounts;
}

/** The kiosk process as the driver sees it. */
export interface SoakHost {
  pid: number;
  launchUrl: string;
  /** Cards of members who may borrow, and items on no loan, in the seeded library. */
  members: string[];
  items: string[];
  counts(): Promise<HostCounts>;
  /** After a forced GC in the kiosk process. */
  sample(): Promise<HostSample>;
  /** Everything it wrote to stderr (its log at level error). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Forks host-child.ts with `--expose-gc` on a new data folder: the web host, the core and the
 * embedded reference service in one process of their own.
 */
export async function startSoakHost(
  settings: StoredSettings,
  rendererDir: string,
): Promise<SoakHost> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kiosk-soak-'));
  const child = fork(ENTRY, [], {
    cwd: ROOT,
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: {
      ...process.env,
      KIOSK_LOG_LEVEL: 'error',
      KIOSK_DATA_DIR: dataDir,
      SOAK_DATA_DIR: dataDir,
      SOAK_RENDERER_DIR: rendererDir,
      SOAK_SETTINGS: JSON.stringify(settings),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const answers = new Map<number, (message: ChildMessage) => void>();
  let nextId = 1;
  const ready = new Promise<Extract<ChildMessage, { type: 'ready' }>>((resolve, reject) => {
    child.on('message', (raw) => {
      const message = raw as ChildMessage;
      if (message.type === 'ready') resolve(message);
      else {
        answers.get(message.id)?.(message);
        answers.delete(message.id);
      }
    });
    void exited.then(() => reject(new Error(`the soak host exited before it started:\n${output}`)));
  });
  const ask = <T extends ChildMessage['type']>(
    type: 'counts' | 'sample' | 'stop',
  ): Promise<Extract<ChildMessage, { type: T }>> => {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      answers.set(id, (message) => resolve(message as Extract<ChildMessage, { type: T }>));
      child.send({ type, id }, (error) => {
        if (error) reject(error);
      });
      void exited.then(() => reject(new Error(`the soak host exited:\n${output}`)));
    });
  };
  let started: Extract<ChildMessage, { type: 'ready' }>;
  try {
    started = await ready;
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    pid: child.pid ?? -1,
    launchUrl: started.launchUrl,
    members: started.members,
    items: started.items,
    async counts() {
      return (await ask<'counts'>('counts')).counts;
    },
    async sample() {
      const { heapUsed, rss, counts } = await ask<'sample'>('sample');
      return { heapUsed, rss, counts };
    },
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        await ask<'stopped'>('stop').catch(() => undefined);
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
