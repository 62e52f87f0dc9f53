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

  it('holds the losses before the kiosk metrics are attached and reports them at the attach', () => {
    const later = laterRendererMetrics();
    let now = 0;
    const recovery = createPageRecovery(RECOVERY_LIMITS, () => now, later.metrics);
    recovery.noted('heartbeat-lost');
    now += 1_000;
    recovery.lost('crashed');
    const metrics = recordingMetrics();
    later.attach(metrics);
    expect(metrics.of('rendererCrashed')).toHaveLength(2);
    expect(metrics.of('rendererRestarted')).toHaveLength(1);
    now += 1_000;
    recovery.lost('unresponsive');
    expect(metrics.calls.map((call) => call.name)).toEqual([
      'rendererCrashed',
      'rendererCrashed',
      'rendererRestarted',
      'rendererCrashed',
      'rendererRestarted',
    ]);
  });

  it('reports each held loss once, however often it is attached', () => {
    const later = laterRendererMetrics();
    later.metrics.rendererCrashed();
    const first = recordingMetrics();
    later.attach(first);
    const second = recordingMetrics();
    later.attach(second);
    expect(first.of('rendererCrashed')).toHaveLength(1);
    expect(second.calls).toEqual([]);
  });

  it('reports straight through once attached, with nothing held', () => {
    const later = laterRendererMetrics();
    const metrics = recordingMetrics();
    later.attach(metrics);
    expect(metrics.calls).toEqual([]);
    later.metrics.rendererRestarted();
    expect(metrics.calls.map((call) => call.name)).toEqual(['rendererRestarted']);
  });
});
