import { describe, expect, it } from 'vitest';
import { createPinGate, hashPin, verifyPin } from '../../../src-main/core/staff-pin';

describe('staff PIN', () => {
  it('stores a salted scrypt hash, never the PIN', async () => {
    const hash = await hashPin('4821');
    expect(hash.startsWith('scrypt$')).toBe(true);
    expect(hash).not.toContain('4821');
    expect(await hashPin('4821')).not.toBe(hash);
  });

  it('verifies the right PIN and refuses a wrong or malformed one', async () => {
    const hash = await hashPin('4821');
    expect(await verifyPin('4821', hash)).toBe(true);
    expect(await verifyPin('4822', hash)).toBe(false);
    expect(await verifyPin('4821', 'plain-text')).toBe(false);
  });

  it('locks out after five wrong PINs, even for the right one, until the lockout ends', async () => {
    let now = 1_000;
    const gate = createPinGate(await hashPin('4821'), {
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
