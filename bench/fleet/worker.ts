/**
 * One child process of the fleet bench: several kiosk cores (test/support/fleet-kiosk.ts), each
 * with its own data folder, vault and journal, driven through the patron loop on command from
 * bench/fleet.ts over the process channel. Started with `node --import tsx`.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setLogLevel } from '../../src-shared/log/logger';
import { startFleetKiosk } from '../../test/support/fleet-kiosk';
import type { FleetKiosk, ScanTiming } from '../../test/support/fleet-kiosk';
import { freePort } from '../../test/support/free-port';
import type {
  ScrapeCost,
  WorkerCommand,
  WorkerEvent,
  WorkerReport,
  WorkerSamples,
} from './protocol';
import { asMember } from '../../test/support/barcodes';

setLogLevel('error');

const kiosks: FleetKiosk[] = [];
let loops: Promise<void>[] = [];
let running = false;
let samples: ScanTiming[] = [];
let sessions = 0;
let cpuAtRun = process.cpuUsage();
/** Per kiosk: when its journal was first found drained after its loop ended (epoch ms). */
const drainedAt = new Map<number, number>();

const send = (event: WorkerEvent): void => {
  process.send?.(event);
};
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function loop(kiosk: FleetKiosk, pace: { minMs: number; maxMs: number }): Promise<void> {
  const pause = (): Promise<void> =>
    pace.maxMs <= 0
      ? Promise.resolve()
      : sleep(pace.minMs + Math.random() * (pace.maxMs - pace.minMs));
  // Patrons do not all walk up at the same instant.
  await sleep(Math.random() * pace.maxMs);
  while (running) {
    await kiosk.session(pause, (sample) => samples.push(sample));
    sessions += 1;
    await pause();
  }
}

/** Watches one kiosk after its loop ended until its journal is empty and its sync idle. */
async function watchDrain(kiosk: FleetKiosk): Promise<void> {
  while (!kiosk.drained()) await sleep(25);
  drainedAt.set(kiosk.plan.id, Date.now());
}

async function handle(command: WorkerCommand): Promise<unknown> {
  switch (command.cmd) {
    case 'boot': {
      for (const plan of command.plans) {
        kiosks.push(
          await startFleetKiosk({
            plan,
            dataDir: path.join(command.dataRoot, `kiosk-${plan.id}`),
            service: command.service,
            staff: command.staff,
            ...(command.jitter === undefined ? {} : { jitter: command.jitter }),
            ...(command.metricsTokenSha256
              ? {
                  metrics: {
                    port: await freePort(),
                    bearerTokenSha256: command.metricsTokenSha256,
                  },
                }
              : {}),
          }),
        );
      }
      return kiosks.length;
    }
    case 'sign-in':
      for (const kiosk of kiosks) await kiosk.signIn();
      return kiosks.length;
    case 'run':
      running = true;
      samples = [];
      sessions = 0;
      cpuAtRun = process.cpuUsage();
      loops = kiosks.map((kiosk) =>
        loop(kiosk, command.pace).then(() => (command.watchDrain ? watchDrain(kiosk) : undefined)),
      );
      return kiosks.length;
    case 'metrics-ports':
      return kiosks.map((kiosk) => kiosk.kiosk.metrics.listening?.port);
    case 'scrape-cost': {
      const cost: ScrapeCost = { ms: [], bytes: [] };
      for (let round = 0; round < command.times; round += 1) {
        for (const kiosk of kiosks) {
          const registry = kiosk.kiosk.metrics.registry;
          if (!registry) continue;
          const started = performance.now();
          const text = await registry.metrics();
          cost.ms.push(performance.now() - started);
          cost.bytes.push(Buffer.byteLength(text, 'utf8'));
        }
      }
      return cost;
    }
    case 'stop-loops': {
      running = false;
      await Promise.all(loops);
      const cpu = process.cpuUsage(cpuAtRun);
      const result: WorkerSamples = {
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        samples,
        sessions,
        errors: kiosks.flatMap((kiosk) => kiosk.errors.splice(0)),
        drainedAt: [...drainedAt.values()],
      };
      samples = [];
      return result;
    }
    case 'report': {
      const report: WorkerReport = {
        acknowledged: kiosks.flatMap((kiosk) => kiosk.acknowledged),
        plans: kiosks.map((kiosk) => kiosk.plan),
        signedIn: kiosks.filter((kiosk) => kiosk.kiosk.auth.status().state === 'signed-in').length,
        signOuts: kiosks.reduce((sum, kiosk) => sum + kiosk.signOuts, 0),
        queued: kiosks.reduce((sum, kiosk) => sum + kiosk.kiosk.offline.journal.counts().queued, 0),
        exceptions: kiosks.reduce(
          (sum, kiosk) => sum + kiosk.kiosk.offline.journal.counts().exceptions,
          0,
        ),
        callsWorking: 0,
      };
      if (command.checkCalls) {
        for (const kiosk of kiosks) {
          const answer = await kiosk.kiosk.auth.client.memberByBarcode(asMember(kiosk.plan.card));
          if (answer.ok) report.callsWorking += 1;
        }
      }
      return report;
    }
    case 'stop':
      for (const kiosk of kiosks.splice(0)) await kiosk.stop();
      setImmediate(() => process.exit(0));
      return 0;
    default:
      return command satisfies never;
  }
}

process.on('message', (message: { id: number; command: WorkerCommand }) => {
  handle(message.command).then(
    (result) => send({ id: message.id, result }),
    (error: unknown) =>
      send({
        id: message.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});
send({ ready: true });
