import type { Registry } from 'prom-client';
import { createLogger } from '../../src-shared/log/logger';
import { NO_METRICS } from './kiosk-metrics';
import type { KioskMetrics } from './kiosk-metrics';
import { createPrometheusMetrics } from './metric-catalog';
import type { PrometheusMetricsOptions } from './metric-catalog';
import { startMetricsListener } from './metrics-listener';
import type { MetricsListener } from './metrics-listener';
import type { MetricsSettings } from './settings-schema';

const log = createLogger('metrics');

export interface KioskMetricsRun {
  kiosk: KioskMetrics;
  registry?: Registry;
  listener?: MetricsListener;
}

/**
 * The kiosk's metrics as its settings ask: NO_METRICS when off; else the registry and its
 * listener. A listener that cannot start (the port taken, a TLS file unreadable) is logged and the
 * kiosk starts without it: patrons come first, and the fleet sees the kiosk not answering scrapes.
 */
export async function startKioskMetrics(
  settings: MetricsSettings,
  build: Omit<PrometheusMetricsOptions, 'defaultMetrics'>,
): Promise<KioskMetricsRun> {
  if (!settings.enabled) return { kiosk: NO_METRICS };
  const { metrics, registry } = createPrometheusMetrics(build);
  try {
    return { kiosk: metrics, registry, listener: await startMetricsListener(settings, registry) };
  } catch (error) {
    log.error('the metrics listener could not start; the kiosk runs without it', {
      host: settings.host,
      port: settings.port,
      error: error instanceof Error ? error.message : 'unknown',
    });
    return { kiosk: metrics, registry };
  }
}
