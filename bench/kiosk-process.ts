/**
 * The kiosk under a bench in a process of its own, as a station runs it, and the library service
 * in another, as a library's runs on a server: nothing else on either's event loop. The bench's
 * Playwright, its plain HTTP calls and its bookkeeping stay in the bench's process; measured in
 * one process, they took a share of the kiosk's thread while it handled the scans it was timed
 * on (V8's profile of the timed scans: playwright-core the largest part of the thread's busy time,
 * with the stack traces it takes for each call and the raw calls' fetch), and a service embedded
 * in the kiosk's process answered its requests on the kiosk's thread, where a library's service
 * answers while the kiosk goes on with its own work.
 *
 * `startServiceProcess` and `startKioskProcess` fork this file; the child starts its part and
 * answers on the IPC channel: its addresses, then (the kiosk) what it saw of the scans since it
 * was last asked (its HTTP exchanges and WebSocket messages, bench/scan-trace.ts), and stops when
 * told.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveSettings } from '../src-main/settings/resolve';
import { startWebKiosk } from '../src-main/web-host/web-kiosk';
import { startService } from '../src-reference-service/index';
import { setLogLevel } from '../src-shared/log/logger';
import { FakeHidBackend, POS_SCANNER } from '../test/support/fake-hid';
import { traceKiosk, type KioskTrace } from './scan-trace';

const RENDERER_DIR = path.resolve(process.env.KIOSK_E2E_RENDERER_DIR || 'dist/renderer');

export interface ServiceProcess {
  connection: { baseUrl: string; authUrl: string };
  stop(): Promise<void>;
}

export interface KioskProcess {
  launchUrl: string;
  /** The library service's addresses, for the bench's own plain HTTP calls. */
  connection: { baseUrl: string; authUrl: string };
  /** What the kiosk's process saw since the last call (bench/scan-trace.ts). */
  trace(): Promise<KioskTrace>;
  stop(): Promise<void>;
}

type Role = 'service' | 'kiosk';
type ToChild = { type: 'trace' } | { type: 'stop' };
type FromChild =
  | { type: 'ready'; launchUrl?: string; baseUrl: string; authUrl: string }
  | { type: 'trace'; trace: KioskTrace }
  | { type: 'failed'; message: string };

/** Forks the reference service (demo accounts, new data folder) and waits for its addresses. */
export async function startServiceProcess(): Promise<ServiceProcess> {
  const { child, next, send } = forkChild('service', {});
  const ready = await next('ready');
  if (ready.type !== 'ready') throw new Error('unreachable');
  return {
    connection: { baseUrl: ready.baseUrl, authUrl: ready.authUrl },
    stop: () => stopChild(child, () => send({ type: 'stop' })),
  };
}

/**
 * Forks a kiosk with `settings` (stored settings: `service` names the library service; without
 * it, demo mode's embedded one) and waits for its address.
 */
export async function startKioskProcess(settings: object): Promise<KioskProcess> {
  const { child, next, send } = forkChild('kiosk', settings);
  const ready = await next('ready');
  if (ready.type !== 'ready' || !ready.launchUrl) throw new Error('unreachable');
  return {
    launchUrl: ready.launchUrl,
    connection: { baseUrl: ready.baseUrl, authUrl: ready.authUrl },
    async trace() {
      const answer = next('trace');
      send({ type: 'trace' });
      const message = await answer;
      if (message.type !== 'trace') throw new Error('unreachable');
      return message.trace;
    },
    stop: () => stopChild(child, () => send({ type: 'stop' })),
  };
}

function forkChild(
  role: Role,
  settings: object,
): {
  child: ChildProcess;
  next: (type: FromChild['type']) => Promise<FromChild>;
  send: (message: ToChild) => void;
} {
  const child = fork(fileURLToPath(import.meta.url), [role, JSON.stringify(settings)], {
    // KIOSK_BENCH_PROFILE=<folder>: V8's CPU profile of the child's whole run lands there too.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.KIOSK_BENCH_PROFILE
        ? [
            '--cpu-prof',
            `--cpu-prof-dir=${process.env.KIOSK_BENCH_PROFILE}`,
            '--cpu-prof-interval=50',
          ]
        : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type: FromChild['type']): Promise<FromChild> =>
    new Promise((resolve, reject) => {
      const onMessage = (message: FromChild): void => {
        if (message.type !== type && message.type !== 'failed') return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (message.type === 'failed') reject(new Error(`the ${role} process: ${message.message}`));
        else resolve(message);
      };
      const onExit = (code: number | null): void => {
        child.off('message', onMessage);
        reject(new Error(`the ${role} process ended (exit code ${code}) before answering`));
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const send = (message: ToChild): void => void child.send(message);
  return { child, next, send };
}

function stopChild(child: ChildProcess, ask: () => void): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    ask();
  });
}

/** In the child: start its part, report its addresses, answer until told to stop. */
async function runChild(role: Role, settingsJson: string): Promise<void> {
  setLogLevel('error');
  const dataDir = await mkdtemp(path.join(tmpdir(), `bench-${role}-`));
  const reply = (message: FromChild): void => void process.send?.(message);
  const stopped = (stop: () => Promise<void>): void =>
    void stop()
      .then(() => rm(dataDir, { recursive: true, force: true }))
      .finally(() => process.exit(0));
  if (role === 'service') {
    const service = await startService({
      dataDir,
      ports: { base: 0, auth: 0, blob: 0 },
      quiet: true,
    });
    reply({ type: 'ready', baseUrl: service.baseUrl, authUrl: service.authUrl });
    process.on('message', () => stopped(() => service.stop()));
    return;
  }
  const settings = resolveSettings(JSON.parse(settingsJson) as object, {}, { dataDir });
  if (!settings.ok) throw new Error(settings.error.message);
  const embedded = !settings.value.service.baseUrl;
  // Stands in for the scanner hardware the kiosk looks for; the scans are typed as a wedge types.
  const hid = new FakeHidBackend();
  hid.plugged = [POS_SCANNER];
  const web = await startWebKiosk({
    settings: settings.value,
    port: 0,
    rendererDir: RENDERER_DIR,
    ...(embedded ? { embeddedService: { ports: { base: 0, auth: 0, blob: 0 } } } : {}),
    // On the embedded service, demo mode, as the E2E harness starts it.
    demo: embedded,
    hidBackend: hid,
  });
  const trace = traceKiosk();
  const { baseUrl, authUrl } = web.kiosk.connection;
  reply({ type: 'ready', launchUrl: web.host.launchUrl, baseUrl, authUrl });
  process.on('message', (message: ToChild) => {
    if (message.type === 'trace') {
      reply({ type: 'trace', trace: trace.take() });
      return;
    }
    trace.stop();
    stopped(() => web.stop());
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  const role = process.argv[2] === 'service' ? 'service' : 'kiosk';
  runChild(role, process.argv[3] ?? '{}').catch((error: unknown) => {
    process.send?.({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
    });
    process.exit(1);
  });
}
