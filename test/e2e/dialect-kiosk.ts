import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashStaffPin } from '../../src-main/staff-pin/hash';
import type { StoredSettings } from '../../src-main/settings/resolve';
import { startService } from '../../src-reference-service/index';
import type { DialectName, RunningService } from '../../src-reference-service/index';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';

export interface DialectKiosk {
  kiosk: KioskUnderTest;
  service: RunningService;
  stop(): Promise<void>;
}

/**
 * The kiosk under test configured for a reference service of its own in another dialect (not the
 * embedded one), with a staff PIN set (no demo mode).
 */
export async function startKioskAgainstDialect(
  dialect: DialectName,
  options: { pin: string; service?: NonNullable<StoredSettings['service']> },
): Promise<DialectKiosk> {
  const serviceDir = await mkdtemp(path.join(tmpdir(), `kiosk-e2e-${dialect}-`));
  const service = await startService({
    dataDir: serviceDir,
    ports: { base: 0, auth: 0, blob: 0 },
    quiet: true,
    dialect,
  });
  const pinHash = await hashStaffPin(options.pin);
  if (!pinHash.ok) throw new Error('PIN hash failed');
  const kiosk = await startKioskUnderTest({
    settings: {
      service: { baseUrl: service.baseUrl, authUrl: service.authUrl, ...options.service },
      staff: { pinHash: pinHash.value },
    },
  });
  return {
    kiosk,
    service,
    async stop() {
      await kiosk.stop();
      await service.stop();
      await rm(serviceDir, { recursive: true, force: true });
    },
  };
}
