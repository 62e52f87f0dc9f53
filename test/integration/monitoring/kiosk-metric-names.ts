import { createPrometheusMetrics } from '../../../src-main/metrics/metric-catalog';

/**
 * The metrics a kiosk exports, read from the kiosk's own registry (src-main/metrics/
 * metric-catalog.ts, prom-client's process and Node.js defaults included): the rules and the
 * dashboard may read these alone.
 */
export const KIOSK_METRIC_NAMES: readonly string[] = (() => {
  const { metrics, registry } = createPrometheusMetrics({ version: '0.0.0-test', host: 'web' });
  // The most a kiosk exports: the USB scanner's gauge appears at its first report.
  metrics.scannerConnected(true);
  return registry.getMetricsAsArray().map((metric) => metric.name);
})();
