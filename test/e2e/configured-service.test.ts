import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInInStaffMode } from './patron-support';
import type { KioskUnderTest } from './harness';
import { startKioskAgainstDialect } from './dialect-kiosk';
import type { DialectKiosk } from './dialect-kiosk';

const PIN = '246813';

/**
 * The kiosk pointed at a configured service that is not our reference spelling: the dotnet dialect
 * answers user info as `{ CustomerAccount, CurrentUser: { DisplayName, EmailAddress } }`.
 */
describe('staff sign-in against a configured service in another dialect', () => {
  let running: DialectKiosk;
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    running = await startKioskAgainstDialect('dotnet', { pin: PIN });
    kiosk = running.kiosk;
  });

  afterAll(async () => {
    await running?.stop();
  });

  it("names the signed-in librarian from the dialect's user info", async () => {
    await signInInStaffMode(kiosk.page, PIN);
    await kiosk.screenshot('staff-signed-in-dotnet-dialect');
    expect(kiosk.kiosk.auth.status()).toMatchObject({
      state: 'signed-in',
      account: { name: 'Lena Park', email: 'lena.park@example.org' },
    });
  });
});
