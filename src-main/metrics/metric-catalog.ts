import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { KioskMetrics } from './kiosk-metrics';
import { reportsOn } from './metric-reports';

// The label sets and what each report does with them are metric-reports.ts's.
export { SERVICE_OPERATIONS, operationLabel, settingsVersionLabel } from './metric-reports';

/** A scan's feedback should be well under a second; 2 s is already a kiosk that feels broken. */
export const SCAN_FEEDBACK_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2];
/** Service calls: a local answer in ms, a slow network in seconds, the longest timeout is 30 s. */
export const SERVICE_CALL_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** prom-client's default gauges whose names end in `_total`. */
const MISNAMED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

export interface PrometheusMetricsOptions {
  version: string;
  host: 'electron' | 'web';
  /** The clock the oldest queued age is measured by (tests). */
  now?: () => Date;
  /** prom-client's process and Node.js metrics; on unless a test turns them off. */
  defaultMetrics?: boolean;
}

/** The kiosk's metrics (docs/operations.md has the reference) on a registry of their own. */
export function createPrometheusMetrics(options: PrometheusMetricsOptions): {
  metrics: KioskMetrics;
  registry: Registry;
} {
  const registry = new Registry();
  const instruments = declareInstruments(registry, options, options.now ?? (() => new Date()));
  if (options.defaultMetrics ?? true) {
    collectDefaultMetrics({ register: registry });
    // Gauges named like counters: `promtool check metrics` refuses them, and a kiosk's handle
    // counts tell a fleet nothing the memory and event-loop lag do not.
    for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);
  }
  return { metrics: reportsOn(instruments), registry };
}

/**
 * The catalog: each metric's name, help and label names, declared once on the registry. Apart
 * from the reports so that what a fleet can scrape reads as one list, as docs/operations.md has it.
 */
function declareInstruments(
  registry: Registry,
  build: Pick<PrometheusMetricsOptions, 'version' | 'host'>,
  now: () => Date,
) {
  const registers = [registry];
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name: `library_kiosk_${name}`, help, labelNames, registers });
  const counter = (name: string, help: string, labelNames: string[] = []) =>
    new Counter({ name: `library_kiosk_${name}`, help, labelNames, registers });

  const online = gauge('online', '1 when the library system answers, 0 when the kiosk is offline.');
  const changed = gauge(
    'connectivity_changed_timestamp_seconds',
    'When the kiosk last went online or offline (Unix seconds).',
  );
  const queued = gauge('queue_transactions', 'Offline transactions waiting to be synced.');
  const exceptions = gauge(
    'queue_exceptions',
    'Synced transactions the service refused, waiting for staff.',
  );
  // The age grows between reports: computed when scraped, from the oldest waiting transaction.
  let oldestQueuedAt: Date | undefined;
  new Gauge({
    name: 'library_kiosk_queue_oldest_age_seconds',
    help: 'Age of the oldest transaction waiting to be synced, 0 when none waits.',
    registers,
    collect() {
      this.set(
        oldestQueuedAt ? Math.max(0, (now().getTime() - oldestQueuedAt.getTime()) / 1000) : 0,
      );
    },
  });
  const synced = counter(
    'sync_transactions_total',
    'Queued transactions the sync sent, by outcome.',
    ['outcome'],
  );
  const started = counter('sessions_started_total', 'Patron sessions started, by kind.', ['kind']);
  const ended = counter(
    'sessions_ended_total',
    'Patron sessions ended, by kind and how they ended.',
    ['kind', 'end'],
  );
  const circulation = counter(
    'circulation_total',
    'Check-outs, check-ins and renewals, by outcome.',
    ['operation', 'outcome'],
  );
  const scanFeedback = new Histogram({
    name: 'library_kiosk_scan_feedback_seconds',
    help: "From a scan's arrival to its outcome sent to the screen.",
    buckets: SCAN_FEEDBACK_BUCKETS,
    registers,
  });
  const serviceCalls = new Histogram({
    name: 'library_kiosk_service_request_duration_seconds',
    help: 'Calls to the library system (REST operation or SIP2 message), by operation and status.',
    labelNames: ['operation', 'status'],
    buckets: SERVICE_CALL_BUCKETS,
    registers,
  });
  const signedIn = gauge('staff_signed_in', '1 while the kiosk holds a staff session.');
  const tokenExpiry = gauge(
    'staff_token_expiry_timestamp_seconds',
    "When the staff session's token expires (Unix seconds), 0 when signed out.",
  );
  const refreshFailures = counter('token_refresh_failures_total', 'Failed staff token refreshes.');
  // Made at the first report: a kiosk that expects no USB scanner exports none, rather than a 0
  // that would page IT (scanner/scanner-metric.ts says when a kiosk reports it).
  let scanner: Gauge | undefined;
  const scannerGauge = () =>
    (scanner ??= gauge('scanner_connected', '1 while the USB barcode scanner is connected.'));
  const receipts = counter(
    'receipts_total',
    'Receipts printed or e-mailed, or that failed to print or send.',
    ['outcome'],
  );
  const crashes = counter('renderer_crashes_total', 'Times the kiosk page crashed or hung.');
  const restarts = counter('renderer_restarts_total', 'Times the host reloaded the kiosk page.');
  const lockouts = counter('pin_lockouts_total', 'PIN lockouts, patron or staff.', ['who']);
  const skew = gauge(
    'clock_skew_seconds',
    "The library system's clock minus the kiosk's, in seconds.",
  );
  gauge('build_info', 'The kiosk build: its version and host.', ['version', 'host'])
    .labels(build.version, build.host)
    .set(1);
  const settingsInfo = gauge('settings_info', 'The settings in force: version and source.', [
    'version',
    'source',
  ]);
  return {
    online,
    changed,
    queued,
    exceptions,
    /** The oldest transaction waiting, or none: the age gauge counts from it at each scrape. */
    oldestQueued: (at: Date | undefined) => {
      oldestQueuedAt = at;
    },
    synced,
    started,
    ended,
    circulation,
    scanFeedback,
    serviceCalls,
    signedIn,
    tokenExpiry,
    refreshFailures,
    scanner: scannerGauge,
    receipts,
    crashes,
    restarts,
    lockouts,
    skew,
    settingsInfo,
  };
}

export type KioskInstruments = ReturnType<typeof declareInstruments>;
