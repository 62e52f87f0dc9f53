import { describe, expect, it } from 'vitest';
import { createPinGate } from '../../../src-main/core/staff-pin';
import { hashStaffPin } from '../../../src-main/settings/staff-pin';
import { DEMO_STAFF_PIN, DEMO_STAFF_PIN_HASH } from '../../../src-main/host/bootstrap';

async function hashOf(pin: string): Promise<string> {
  const hash = await hashStaffPin(pin);
  if (!hash.ok) throw new Error('test PIN refused');
  return hash.value;
}

describe('staff PIN gate', () => {
  it('opens for the right PIN and stays shut for a wrong one', async () => {
    const gate = createPinGate(await hashOf('4821'));
    expect(await gate.check('4822')).toBe(false);
    expect(await gate.check('4821')).toBe(true);
  });

  it('locks out after five wrong PINs, even for the right one, until the lockout ends', async () => {
    let now = 1_000;
    const gate = createPinGate(await hashOf('4821'), {
      maxFailures: 5,
      lockoutMs: 60_000,
      now: () => now,
    });
    for (let attempt = 0; attempt < 5; attempt += 1) expect(await gate.check('0000')).toBe(false);
    expect(await gate.check('4821')).toBe(false);
    now += 60_001;
    expect(await gate.check('4821')).toBe(true);
  });
});

describe('staff PIN gate under parallel guessing', () => {
  it('counts parallel guesses one by one, so the lockout also stops the right PIN sent among them', async () => {
    const gate = createPinGate(await hashOf('4821'), { maxFailures: 5, lockoutMs: 60_000 });
    const guesses = ['0001', '0002', '0003', '0004', '0005', '4821'];
    const results = await Promise.all(guesses.map((pin) => gate.check(pin)));
    expect(results).toEqual([false, false, false, false, false, false]);
  });
});

describe('demo staff PIN', () => {
  it('has a stored hash that opens the gate for the demo PIN and no other', async () => {
    const gate = createPinGate(DEMO_STAFF_PIN_HASH);
    expect(await gate.check('4321')).toBe(false);
    expect(await gate.check(DEMO_STAFF_PIN)).toBe(true);
  });
});
