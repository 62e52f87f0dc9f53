import { describe, expect, it } from 'vitest';
import { createPrometheusMetrics, operationLabel } from '../../../src-main/metrics/metric-catalog';
import type { KioskMetrics } from '../../../src-main/metrics/kiosk-metrics';
import { parseExposition, valueOf } from './exposition';
import type { Sample } from './exposition';

const NOW = new Date('2026-11-26T04:00:00Z');

function fresh() {
  return createPrometheusMetrics({
    version: '1.2.3',
    host: 'web',
    now: () => NOW,
    defaultMetrics: false,
  });
}

const key = (sample: Sample) => `${sample.name}${JSON.stringify(sample.labels)}`;

/** The kiosk's own series whose value differs between two expositions (a new one from 0). */
function moved(before: Sample[], after: Sample[]): Map<string, number> {
  const was = new Map(before.map((sample) => [key(sample), sample.value]));
  return new Map(
    after
      .filter((sample) => sample.name.startsWith('library_kiosk_'))
      .filter((sample) => (was.get(key(sample)) ?? 0) !== sample.value)
      .map((sample) => [key(sample), sample.value]),
  );
}

const s = (name: string, labels: Record<string, string> = {}) => `${name}${JSON.stringify(labels)}`;

const CASES: { method: string; call: (m: KioskMetrics) => void; moves: Record<string, number> }[] =
  [
    {
      method: 'connectivity offline',
      call: (m) => m.connectivity('offline', new Date('2026-11-26T03:00:00Z')),
      moves: {
        // 0 is the gauge's start too: only the time moves.
        [s('library_kiosk_connectivity_changed_timestamp_seconds')]: 1795662000,
      },
    },
    {
      method: 'connectivity online',
      call: (m) => m.connectivity('online', new Date('2026-11-26T03:00:00Z')),
      moves: {
        [s('library_kiosk_online')]: 1,
        [s('library_kiosk_connectivity_changed_timestamp_seconds')]: 1795662000,
      },
    },
    {
      method: 'queue with a waiting transaction',
      call: (m) =>
        m.queue({ queued: 3, exceptions: 2, oldestQueuedAt: new Date('2026-11-26T03:59:00Z') }),
      moves: {
        [s('library_kiosk_queue_transactions')]: 3,
        [s('library_kiosk_queue_exceptions')]: 2,
        [s('library_kiosk_queue_oldest_age_seconds')]: 60,
      },
    },
    {
      method: 'queue empty: the oldest age is 0 whatever date comes with it',
      call: (m) =>
        m.queue({ queued: 0, exceptions: 1, oldestQueuedAt: new Date('2026-11-26T03:59:00Z') }),
      moves: { [s('library_kiosk_queue_exceptions')]: 1 },
    },
    {
      method: 'synced, counted',
      call: (m) => m.synced('applied', 4),
      moves: { [s('library_kiosk_sync_transactions_total', { outcome: 'applied' })]: 4 },
    },
    {
      method: 'synced, one',
      call: (m) => m.synced('refused'),
      moves: { [s('library_kiosk_sync_transactions_total', { outcome: 'refused' })]: 1 },
    },
    {
      method: 'sessionStarted',
      call: (m) => m.sessionStarted('check-in'),
      moves: { [s('library_kiosk_sessions_started_total', { kind: 'check-in' })]: 1 },
    },
    {
      method: 'sessionEnded',
      call: (m) => m.sessionEnded('check-out', 'timed-out'),
      moves: {
        [s('library_kiosk_sessions_ended_total', { end: 'timed-out', kind: 'check-out' })]: 1,
      },
    },
    {
      method: 'circulation',
      call: (m) => m.circulation('renewal', 'queued'),
      moves: {
        [s('library_kiosk_circulation_total', { operation: 'renewal', outcome: 'queued' })]: 1,
      },
    },
    {
      method: 'scanToFeedback',
      call: (m) => m.scanToFeedback(0.04),
      moves: {
        [s('library_kiosk_scan_feedback_seconds_bucket', { le: '0.05' })]: 1,
        [s('library_kiosk_scan_feedback_seconds_bucket', { le: '0.1' })]: 1,
        [s('library_kiosk_scan_feedback_seconds_bucket', { le: '0.25' })]: 1,
        [s('library_kiosk_scan_feedback_seconds_bucket', { le: '0.5' })]: 1,
        [s('library_kiosk_scan_feedback_seconds_bucket', { le: '1' })]: 1,
        [s('library_kiosk_scan_feedback_seconds_bucket', { le: '2' })]: 1,
        [s('library_kiosk_scan_feedback_seconds_bucket', { le: '+Inf' })]: 1,
        [s('library_kiosk_scan_feedback_seconds_sum')]: 0.04,
        [s('library_kiosk_scan_feedback_seconds_count')]: 1,
      },
    },
    {
      method: 'serviceCall',
      call: (m) => m.serviceCall('checkOut', 'timeout', 12),
      moves: Object.fromEntries([
        ...['30', '+Inf'].map((le) => [
          s('library_kiosk_service_request_duration_seconds_bucket', {
            le,
            operation: 'checkOut',
            status: 'timeout',
          }),
          1,
        ]),
        // The series is new: its lower buckets appear at 0, which is not a move.
        [
          s('library_kiosk_service_request_duration_seconds_sum', {
            operation: 'checkOut',
            status: 'timeout',
          }),
          12,
        ],
        [
          s('library_kiosk_service_request_duration_seconds_count', {
            operation: 'checkOut',
            status: 'timeout',
          }),
          1,
        ],
      ]) as Record<string, number>,
    },
    {
      method: 'staffSignIn in',
      call: (m) =>
        m.staffSignIn({ signedIn: true, tokenExpiresAt: new Date('2026-11-26T05:00:00Z') }),
      moves: {
        [s('library_kiosk_staff_signed_in')]: 1,
        [s('library_kiosk_staff_token_expiry_timestamp_seconds')]: 1795669200,
      },
    },
    {
      method: 'staffSignIn out: no expiry even if one is given',
      call: (m) =>
        m.staffSignIn({ signedIn: false, tokenExpiresAt: new Date('2026-11-26T05:00:00Z') }),
      moves: {},
    },
    {
      method: 'tokenRefreshFailed',
      call: (m) => m.tokenRefreshFailed(),
      moves: { [s('library_kiosk_token_refresh_failures_total')]: 1 },
    },
    {
      method: 'scannerConnected',
      call: (m) => m.scannerConnected(true),
      moves: { [s('library_kiosk_scanner_connected')]: 1 },
    },
    {
      method: 'receipt',
      call: (m) => m.receipt('failed'),
      moves: { [s('library_kiosk_receipts_total', { outcome: 'failed' })]: 1 },
    },
    {
      method: 'rendererCrashed',
      call: (m) => m.rendererCrashed(),
      moves: { [s('library_kiosk_renderer_crashes_total')]: 1 },
    },
    {
      method: 'rendererRestarted',
      call: (m) => m.rendererRestarted(),
      moves: { [s('library_kiosk_renderer_restarts_total')]: 1 },
    },
    {
      method: 'pinLockout',
      call: (m) => m.pinLockout('staff'),
      moves: { [s('library_kiosk_pin_lockouts_total', { who: 'staff' })]: 1 },
    },
    {
      method: 'clockSkew',
      call: (m) => m.clockSkew(-2.5),
      moves: { [s('library_kiosk_clock_skew_seconds')]: -2.5 },
    },
    {
      method: 'settingsVersion',
      call: (m) => m.settingsVersion('17', 'fleet'),
      moves: { [s('library_kiosk_settings_info', { source: 'fleet', version: '17' })]: 1 },
    },
  ];

/** Labels in a fixed order, as the `moves` keys are written. */
function sorted(samples: Sample[]): Sample[] {
  return samples.map((sample) => ({
    ...sample,
    labels: Object.fromEntries(
      Object.entries(sample.labels).sort(([a], [b]) => a.localeCompare(b)),
    ),
  }));
}

describe('the metric catalog', () => {
  it.each(CASES)('$method moves exactly its series', async ({ call, moves }) => {
    const { metrics, registry } = fresh();
    const before = sorted(parseExposition(await registry.metrics()));
    call(metrics);
    const after = sorted(parseExposition(await registry.metrics()));
    expect(Object.fromEntries(moved(before, after))).toEqual(moves);
  });

  it('holds build_info at 1 with the version and host, and every table metric with its type', async () => {
    const { metrics, registry } = fresh();
    metrics.scannerConnected(true); // the scanner's gauge appears at its first report
    const text = await registry.metrics();
    expect(
      valueOf(parseExposition(text), 'library_kiosk_build_info', { version: '1.2.3', host: 'web' }),
    ).toBe(1);
    const types = Object.fromEntries(
      [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => [name, type]),
    );
    expect(types).toEqual({
      library_kiosk_online: 'gauge',
      library_kiosk_connectivity_changed_timestamp_seconds: 'gauge',
      library_kiosk_queue_transactions: 'gauge',
      library_kiosk_queue_exceptions: 'gauge',
      library_kiosk_queue_oldest_age_seconds: 'gauge',
      library_kiosk_sync_transactions_total: 'counter',
      library_kiosk_sessions_started_total: 'counter',
      library_kiosk_sessions_ended_total: 'counter',
      library_kiosk_circulation_total: 'counter',
      library_kiosk_scan_feedback_seconds: 'histogram',
      library_kiosk_service_request_duration_seconds: 'histogram',
      library_kiosk_staff_signed_in: 'gauge',
      library_kiosk_staff_token_expiry_timestamp_seconds: 'gauge',
      library_kiosk_token_refresh_failures_total: 'counter',
      library_kiosk_scanner_connected: 'gauge',
      library_kiosk_receipts_total: 'counter',
      library_kiosk_renderer_crashes_total: 'counter',
      library_kiosk_renderer_restarts_total: 'counter',
      library_kiosk_pin_lockouts_total: 'counter',
      library_kiosk_clock_skew_seconds: 'gauge',
      library_kiosk_build_info: 'gauge',
      library_kiosk_settings_info: 'gauge',
    });
  });

  it('computes the oldest queued age when scraped, not when reported', async () => {
    let now = NOW;
    const { metrics, registry } = createPrometheusMetrics({
      version: '1',
      host: 'electron',
      now: () => now,
      defaultMetrics: false,
    });
    metrics.queue({ queued: 1, exceptions: 0, oldestQueuedAt: new Date(NOW.getTime() - 10_000) });
    const age = async () =>
      valueOf(parseExposition(await registry.metrics()), 'library_kiosk_queue_oldest_age_seconds');
    expect(await age()).toBe(10);
    now = new Date(NOW.getTime() + 3_600_000);
    expect(await age()).toBe(3610);
    metrics.queue({ queued: 0, exceptions: 0 });
    expect(await age()).toBe(0);
  });

  it('keeps one settings_info series: the settings in force', async () => {
    const { metrics, registry } = fresh();
    metrics.settingsVersion('3', 'local');
    metrics.settingsVersion('4', 'fleet');
    const samples = parseExposition(await registry.metrics()).filter(
      (sample) => sample.name === 'library_kiosk_settings_info',
    );
    expect(samples).toEqual([
      { name: 'library_kiosk_settings_info', labels: { version: '4', source: 'fleet' }, value: 1 },
    ]);
  });

  it('lets no value outside the fixed sets reach a label', async () => {
    const { metrics, registry } = fresh();
    const patron = 'Smith 21234000123456 jo@example.org';
    const bad = patron as never;
    metrics.serviceCall('https://lib.example/x?access_token=abc', 'ok', 0.1);
    metrics.serviceCall(patron, bad, 0.1);
    metrics.synced(bad);
    metrics.sessionStarted(bad);
    metrics.sessionEnded(bad, bad);
    metrics.circulation(bad, bad);
    metrics.receipt(bad);
    metrics.pinLockout(bad);
    metrics.settingsVersion(patron, bad);
    const text = await registry.metrics();
    for (const fragment of ['Smith', '21234000123456', 'example', 'access_token', 'https'])
      expect(text).not.toContain(fragment);
    const samples = parseExposition(text);
    expect(
      valueOf(samples, 'library_kiosk_service_request_duration_seconds_count', {
        operation: 'other',
        status: 'ok',
      }),
    ).toBe(1);
    expect(
      valueOf(samples, 'library_kiosk_service_request_duration_seconds_count', {
        operation: 'other',
        status: 'other',
      }),
    ).toBe(1);
    expect(
      valueOf(samples, 'library_kiosk_settings_info', { version: 'other', source: 'local' }),
    ).toBe(1);
    const allowed: Record<string, string[]> = {
      outcome: ['applied', 'refused', 'failed', 'done', 'queued', 'printed'],
      kind: ['check-out', 'check-in'],
      end: ['completed', 'timed-out', 'cancelled'],
      operation: ['check-out', 'check-in', 'renewal', 'other'],
      who: ['patron', 'staff'],
      status: ['ok', 'other'],
      source: ['local', 'fleet'],
      version: ['1.2.3', 'other'],
      host: ['web'],
    };
    for (const sample of samples)
      for (const [label, value] of Object.entries(sample.labels))
        if (label !== 'le') expect(allowed[label], `${sample.name} ${label}`).toContain(value);
  });

  it.each([
    ['checkOut', 'checkOut'],
    ['memberWithPin', 'memberWithPin'],
    ['acsStatus', 'acsStatus'],
    ['CheckOut', 'other'],
    ['', 'other'],
    ['constructor', 'other'],
  ])('names the operation %j as %j', (operation, label) => {
    expect(operationLabel(operation)).toBe(label);
  });

  it('exports no scanner gauge until the scanner is first reported', async () => {
    const { metrics, registry } = fresh();
    const scannerSamples = async () =>
      parseExposition(await registry.metrics()).filter((sample) => sample.name.includes('scanner'));
    expect(await scannerSamples()).toEqual([]);
    metrics.scannerConnected(false);
    expect((await scannerSamples()).map((sample) => sample.value)).toEqual([0]);
  });

  it('carries prom-client process and Node.js metrics on the same registry', async () => {
    const { registry } = createPrometheusMetrics({ version: '1', host: 'web' });
    const names = new Set(parseExposition(await registry.metrics()).map((sample) => sample.name));
    expect(names).toContain('process_resident_memory_bytes');
    expect(names).toContain('nodejs_eventloop_lag_seconds');
    expect(names).toContain('library_kiosk_build_info');
  });
});
