import { describe, expect, it } from 'vitest';
import { createFaultController } from '../../../src-reference-service/faults';

/** Whether `promise` has settled once the microtasks queued so far have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('the fault knobs’ hold', () => {
  it('lets requests through while no hold is on', async () => {
    expect(await settled(createFaultController().held())).toBe(true);
  });

  it('keeps every request waiting until its release, then lets them all through', async () => {
    const faults = createFaultController();
    const release = faults.hold();
    const first = faults.held();
    const second = faults.held();
    expect([await settled(first), await settled(second)]).toEqual([false, false]);
    release();
    expect([await settled(first), await settled(second)]).toEqual([true, true]);
    expect(await settled(faults.held())).toBe(true);
  });

  it('is released by reset too, as every other knob is', async () => {
    const faults = createFaultController();
    faults.hold();
    const waiting = faults.held();
    faults.reset();
    expect(await settled(waiting)).toBe(true);
  });
});
