import { describe, expect, it } from 'vitest';
import { hashStaffPin, verifyStaffPin } from '../../../src-main/staff-pin/hash';
import { SettingsSchema } from '../../../src-main/settings/schema';

async function hashOf(pin: string): Promise<string> {
  const result = await hashStaffPin(pin);
  if (!result.ok) throw new Error('expected a hash');
  return result.value;
}

describe('staff PIN', () => {
  it('stores a salted scrypt hash that does not contain the PIN', async () => {
    const hash = await hashOf('482913');
    expect(hash.startsWith('scrypt$')).toBe(true);
    expect(hash).not.toContain('482913');
    expect(await hashOf('482913')).not.toBe(hash);
  });

  it('verifies the right PIN', async () => {
    expect(await verifyStaffPin('482913', await hashOf('482913'))).toBe(true);
  });

  it('rejects a wrong PIN', async () => {
    expect(await verifyStaffPin('482914', await hashOf('482913'))).toBe(false);
  });

  it('refuses a new PIN that is not 6 to 12 digits', async () => {
    for (const pin of ['12a456', '4829', '48291', '4829134829134']) {
      expect(await hashStaffPin(pin)).toEqual({ ok: false, error: { kind: 'staff.pin-format' } });
    }
  });

  it('produces a value the settings schema accepts', async () => {
    const hash = await hashOf('482913');
    expect(SettingsSchema.safeParse({ dataDir: '/d', staff: { pinHash: hash } }).success).toBe(
      true,
    );
  });
});
