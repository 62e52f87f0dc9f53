import { describe, expect, it } from 'vitest';
import {
  createPageRecovery,
  laterRendererMetrics,
  RECOVERY_LIMITS,
} from '../../../src-main/host/page-recovery';
import { recordingMetrics } from '../../support/recording-metrics';

describe('page recovery metrics', () => {
  it('counts each loss as a crash and each reload as a restart; the exit at the limit is no restart', () => {
    const metrics = recordingMetrics();
    let now = 0;
    const recovery = createPageRecovery(RECOVERY_LIMITS, () => now, metrics);
    expect(recovery.lost('crashed')).toEqual({ action: 'reload' });
    now += 1_000;
    expect(recovery.lost('unresponsive')).toEqual({ action: 'reload' });
    expect(metrics.calls.map((call) => call.name)).toEqual([
      'rendererCrashed',
      'rendererRestarted',
      'rendererCrashed',
      'rendererRestarted',
    ]);
    now += 1_000;
    expect(recovery.lost('crashed').action).toBe('exit');
    expect(metrics.of('rendererCrashed')).toHaveLength(3);
    expect(metrics.of('rendererRestarted')).toHaveLength(2);
  });

  it("counts the web host's browser page lost as a crash, with no restart of its own", () => {
    const metrics = recordingMetrics();
    createPageRecovery(RECOVERY_LIMITS, Date.now, metrics).noted('crashed');
    expect(metrics.calls.map((call) => call.name)).toEqual(['rendererCrashed']);
  });

  it('sends nothing before the kiosk metrics are attached, and everything after', () => {
    const later = laterRendererMetrics();
    const recovery = createPageRecovery(RECOVERY_LIMITS, Date.now, later.metrics);
    recovery.noted('heartbeat-lost');
    const metrics = recordingMetrics();
    later.attach(metrics);
    recovery.lost('crashed');
    expect(metrics.calls.map((call) => call.name)).toEqual([
      'rendererCrashed',
      'rendererRestarted',
    ]);
  });
});
