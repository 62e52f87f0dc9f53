import type { KioskMetrics } from '../../src-main/metrics/kiosk-metrics';

/** One call a source made to KioskMetrics: the method's name and its arguments as given. */
export interface MetricCall {
  name: keyof KioskMetrics;
  args: unknown[];
}

/** A KioskMetrics that keeps every call, for tests of where each source reports. */
export function recordingMetrics(): KioskMetrics & {
  calls: MetricCall[];
  of(name: keyof KioskMetrics): unknown[][];
} {
  const calls: MetricCall[] = [];
  const record =
    (name: keyof KioskMetrics) =>
    (...args: unknown[]): void => {
      calls.push({ name, args });
    };
  return {
    calls,
    of: (name) => calls.filter((call) => call.name === name).map((call) => call.args),
    connectivity: record('connectivity'),
    queue: record('queue'),
    synced: record('synced'),
    sessionStarted: record('sessionStarted'),
    sessionEnded: record('sessionEnded'),
    circulation: record('circulation'),
    scanToFeedback: record('scanToFeedback'),
    serviceCall: record('serviceCall'),
    staffSignIn: record('staffSignIn'),
    tokenRefreshFailed: record('tokenRefreshFailed'),
    scannerConnected: record('scannerConnected'),
    receipt: record('receipt'),
    rendererCrashed: record('rendererCrashed'),
    rendererRestarted: record('rendererRestarted'),
    pinLockout: record('pinLockout'),
    clockSkew: record('clockSkew'),
    settingsVersion: record('settingsVersion'),
  };
}
