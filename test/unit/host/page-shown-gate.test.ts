import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageShownGate } from '../../../src-main/host/page-shown-gate';
import { captureLogs } from '../../support/log-capture';

describe('pageShownGate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settled = async (promise: Promise<void>): Promise<boolean> => {
    let done = false;
    void promise.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    return done;
  };

  it('opens when a page says its first screen is painted, not before', async () => {
    const gate = pageShownGate(10_000);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(await settled(gate.opened)).toBe(false);
    gate.open();
    expect(await settled(gate.opened)).toBe(true);
  });

  it('opens by itself after the wait when no page paints, and says so in the log', async () => {
    const logs = captureLogs('info');
    try {
      const gate = pageShownGate(10_000);
      await vi.advanceTimersByTimeAsync(9_999);
      expect(await settled(gate.opened)).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await settled(gate.opened)).toBe(true);
      expect(logs.records.map(({ message }) => message)).toEqual([
        'no kiosk page painted yet: the blob store starts without waiting for one',
      ]);
    } finally {
      logs.restore();
    }
  });

  it('cancelled (the run stopped), never opens by its timer', async () => {
    const gate = pageShownGate(10_000);
    gate.cancel();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await settled(gate.opened)).toBe(false);
  });
});
