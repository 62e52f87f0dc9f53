import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFaultController } from '../../../src-reference-service/faults';

describe('the latency knob: a held request waits out the latency as it stands', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Resolves to when the wait ended, in fake milliseconds from its start. */
  const timed = (wait: Promise<void>): { ended: () => number | undefined } => {
    const start = Date.now();
    let ended: number | undefined;
    void wait.then(() => (ended = Date.now() - start));
    return { ended: () => ended };
  };

  it('ends after the latency when nothing changes', async () => {
    const faults = createFaultController();
    faults.set({ latencyMs: 8_000 });
    const wait = timed(faults.latency());
    await vi.advanceTimersByTimeAsync(7_999);
    expect(wait.ended()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(wait.ended()).toBe(8_000);
  });

  it('ends at once when the latency is set back to 0 (or the knobs reset)', async () => {
    const faults = createFaultController();
    faults.set({ latencyMs: 8_000 });
    const first = timed(faults.latency());
    await vi.advanceTimersByTimeAsync(1_000);
    faults.set({ latencyMs: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(first.ended()).toBe(1_000);
    faults.set({ latencyMs: 8_000 });
    const second = timed(faults.latency());
    await vi.advanceTimersByTimeAsync(500);
    faults.reset();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.ended()).toBe(500);
  });

  it('counts from the request: a lower latency ends it at its new end, a higher one later', async () => {
    const faults = createFaultController();
    faults.set({ latencyMs: 8_000 });
    const lowered = timed(faults.latency());
    await vi.advanceTimersByTimeAsync(1_000);
    faults.set({ latencyMs: 3_000 });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(lowered.ended()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(lowered.ended()).toBe(3_000);

    const raised = timed(faults.latency());
    faults.set({ latencyMs: 5_000 });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(raised.ended()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(raised.ended()).toBe(5_000);
  });

  it('does not wait at all without latency', async () => {
    const faults = createFaultController();
    const wait = timed(faults.latency());
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.ended()).toBe(0);
  });
});
