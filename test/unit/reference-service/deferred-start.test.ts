import { describe, expect, it } from 'vitest';
import {
  deferredStart,
  StoppedBeforeStart,
} from '../../../src-reference-service/blob/deferred-start';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('deferredStart', () => {
  it('without `after`, starts at once', async () => {
    let starts = 0;
    const part = deferredStart(undefined, async () => ++starts);
    expect(starts).toBe(1);
    expect(await part.started).toBe(1);
    expect(await part.stop()).toBe(1);
  });

  it('starts once `after` settles, resolved or rejected, and not before', async () => {
    for (const settle of ['resolve', 'reject'] as const) {
      let starts = 0;
      let open = (): void => undefined;
      const after = new Promise<void>((resolve, reject) => {
        open = settle === 'resolve' ? resolve : () => reject(new Error('page gone'));
      });
      const part = deferredStart(after, async () => ++starts);
      await tick();
      expect(starts).toBe(0);
      open();
      expect(await part.started).toBe(1);
      // Stopped after it began: the caller gets what started, to stop it.
      expect(await part.stop()).toBe(1);
    }
  });

  it('stopped before `after` settles: never starts, and the stop does not wait for `after`', async () => {
    let starts = 0;
    let open = (): void => undefined;
    const part = deferredStart(
      new Promise<void>((resolve) => (open = resolve)),
      async () => ++starts,
    );
    await expect(part.stop()).rejects.toBeInstanceOf(StoppedBeforeStart);
    await expect(part.started).rejects.toBeInstanceOf(StoppedBeforeStart);
    open();
    await tick();
    expect(starts).toBe(0);
  });
});
