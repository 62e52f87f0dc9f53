import { describe, expect, it } from 'vitest';
import { createRunGate } from '../../../src-main/speech/run-gate';

/** A task that finishes when the test says so. */
function held<T>(value: T): { task: () => Promise<T>; finish(): void; started: boolean } {
  let finish = (): void => undefined;
  const handle = {
    started: false,
    finish: () => finish(),
    task: () => {
      handle.started = true;
      return new Promise<T>((resolve) => (finish = () => resolve(value)));
    },
  };
  return handle;
}

describe('createRunGate', () => {
  it('runs up to its limit at once and starts a waiting task when one finishes', async () => {
    const gate = createRunGate({ running: 2, waiting: 1 });
    const [a, b, c] = [held('a'), held('b'), held('c')];
    const results = [gate.run(a.task), gate.run(b.task), gate.run(c.task)];
    expect([a.started, b.started, c.started]).toEqual([true, true, false]);
    expect(gate.load()).toEqual({ running: 2, waiting: 1 });
    a.finish();
    await results[0];
    expect(c.started).toBe(true);
    b.finish();
    c.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a task beyond the running and waiting limits, at once and without running it', async () => {
    const gate = createRunGate({ running: 1, waiting: 0 });
    const first = held(1);
    const running = gate.run(first.task);
    const refused = held(2);
    expect(await gate.run(refused.task)).toBeUndefined();
    expect(refused.started).toBe(false);
    first.finish();
    expect(await running).toBe(1);
  });

  it('frees the place of a task that failed', async () => {
    const gate = createRunGate({ running: 1, waiting: 0 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
