import type { Acknowledged, FleetPlan, ScanTiming } from '../../test/support/fleet-kiosk';

/** What bench/fleet.ts asks a kiosk worker (bench/fleet/worker.ts) to do. */
export type WorkerCommand =
  | {
      cmd: 'boot';
      plans: FleetPlan[];
      dataRoot: string;
      service: { baseUrl: string; authUrl: string };
      staff: { username: string; password: string };
      jitter?: boolean;
      /** Each kiosk's metrics on at a free loopback port, behind this token hash. */
      metricsTokenSha256?: string;
    }
  /** Each kiosk's metrics port (after a boot with metrics). */
  | { cmd: 'metrics-ports' }
  /** Times each kiosk's registry producing its exposition `times` times; answers ScrapeCost. */
  | { cmd: 'scrape-cost'; times: number }
  | { cmd: 'sign-in' }
  /** Starts every kiosk's patron loop; `watchDrain`: after it ends, note when the journal is empty. */
  | { cmd: 'run'; pace: { minMs: number; maxMs: number }; watchDrain?: boolean }
  /** Ends the loops after the session in progress; answers WorkerSamples. */
  | { cmd: 'stop-loops' }
  | { cmd: 'report'; checkCalls?: boolean }
  | { cmd: 'stop' };

export interface WorkerSamples {
  samples: ScanTiming[];
  sessions: number;
  errors: string[];
  /** Epoch ms at which each watched kiosk's journal was found drained. */
  drainedAt: number[];
  /** The worker process's CPU time during the loops, seconds. */
  cpuSeconds: number;
}

export interface ScrapeCost {
  /** Time to produce one kiosk's exposition (`registry.metrics()`), ms. */
  ms: number[];
  /** Its size in bytes (UTF-8). */
  bytes: number[];
}

export interface WorkerReport {
  acknowledged: Acknowledged[];
  plans: FleetPlan[];
  signedIn: number;
  signOuts: number;
  queued: number;
  exceptions: number;
  /** Kiosks whose member look-up just now answered (with `checkCalls`). */
  callsWorking: number;
}

export type WorkerEvent = { ready: true } | { id: number; result?: unknown; error?: string };
