import { describe, expect, it } from 'vitest';
import { SettingsSchema } from '../../../src-main/settings/schema';
import { settingsDigest } from '../../../src-main/settings/settings-digest';

describe('settingsDigest', () => {
  const base = SettingsSchema.parse({ dataDir: '/var/lib/kiosk' });
  it('is 12 hex digits, the same for the same settings and another for any change', () => {
    expect(settingsDigest(base)).toMatch(/^[0-9a-f]{12}$/);
    expect(settingsDigest(SettingsSchema.parse({ dataDir: '/var/lib/kiosk' }))).toBe(
      settingsDigest(base),
    );
    const changed = SettingsSchema.parse({ dataDir: '/var/lib/kiosk', requestTimeoutMs: 9_000 });
    expect(settingsDigest(changed)).not.toBe(settingsDigest(base));
  });
});
