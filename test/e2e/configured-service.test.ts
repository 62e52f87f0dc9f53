import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashStaffPin } from '../../src-main/settings/staff-pin';
import { startService } from '../../src-service/index';
import type { RunningService } from '../../src-service/index';
import { startKioskUnderTest } from './harness';
import { signInInStaffMode } from './patron-support';
import type { KioskUnderTest } from './harness';

const PIN = '246813';

/**
 * The kiosk pointed at a configured service that is not our reference spelling: the dotnet dialect
 * answers user info as `{ CustomerAccount, CurrentUser: { DisplayName, EmailAddress } }`.
 */
describe('staff sign-in against a configured service in another dialect', () => {
  let service: RunningService;
  let serviceDir: string;
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    serviceDir = await mkdtemp(path.join(tmpdir(), 'kiosk-e2e-dotnet-'));
    service = await startService({
      dataDir: serviceDir,
      ports: { base: 0, auth: 0, blob: 0 },
      quiet: true,
      dialect: 'dotnet',
    });
    const pinHash = await hashStaffPin(PIN);
    if (!pinHash.ok) throw new Error('PIN hash failed');
    kiosk = await startKioskUnderTest({
      settings: {
        service: { baseUrl: service.baseUrl, authUrl: service.authUrl },
        staff: { pinHash: pinHash.value },
      },
    });
  });

  afterAll(async () => {
    await kiosk?.stop();
    await service?.stop();
    await rm(serviceDir, { recursive: true, force: true });
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
