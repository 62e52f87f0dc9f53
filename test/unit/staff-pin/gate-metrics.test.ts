import { describe, expect, it } from 'vitest';
import { createPinGate } from '../../../src-main/staff-pin/gate';
import { hashStaffPin } from '../../../src-main/staff-pin/hash';
import { recordingMetrics } from '../../support/recording-metrics';

describe('staff PIN lockout metric', () => {
  it('counts a staff lockout at each wrong PIN that starts one, never before', async () => {
    const hash = await hashStaffPin('482193');
    if (!hash.ok) throw new Error('test PIN refused');
    const metrics = recordingMetrics();
    let now = 0;
    const gate = createPinGate(hash.value, {
      freeFailures: 3,
      baseLockoutMs: 1_000,
      now: () => now,
      metrics,
    });
    expect((await gate.check('000000')).lockedUntil).toBeUndefined();
    expect((await gate.check('000001')).lockedUntil).toBeUndefined();
    expect(metrics.of('pinLockout')).toEqual([]);
    expect((await gate.check('000002')).lockedUntil).toBe(1_000);
    expect(metrics.of('pinLockout')).toEqual([['staff']]);
    // While locked, a PIN is not even checked: no second lockout counted.
    await gate.check('000003');
    expect(metrics.of('pinLockout')).toHaveLength(1);
    now = 5_000;
    await gate.check('000004');
    expect(metrics.of('pinLockout')).toEqual([['staff'], ['staff']]);
    expect((await gate.check('482193')).accepted).toBe(false);
  });
});
