import { createStaffAuth } from '../auth/staff-auth';
import type { StaffAuth } from '../auth/staff-auth';
import { createKioskCore } from '../core/kiosk-core';
import type { KioskCore, ReceiptPrinting, SignInPresentation } from '../core/kiosk-core';
import { createPinGate } from '../core/staff-pin';
import { createLogger } from '../../src-shared/log/logger';
import type { HidBackend } from '../scanner/hid-backend';
import { ScannerService } from '../scanner/scanner-service';
import { resolveServiceConnection } from './embedded-service';
import type { ResolveOptions } from './embedded-service';
import type { Settings } from '../settings/schema';
import { clientSecretFor } from '../vault/client-secret';
import type { ClientSecretStore } from '../vault/client-secret';
import type { TokenVault } from '../vault/vault';

const log = createLogger('kiosk');

/** The staff PIN of the demo set-up: only while no PIN is configured and the service is embedded. */
export const DEMO_STAFF_PIN = '1234';
/**
 * Its scrypt hash, made once with hashStaffPin: hashing the demo PIN at every start would cost
 * start-up ~100 ms and 32 MiB for a value that never changes.
 */
export const DEMO_STAFF_PIN_HASH =
  'scrypt$32768$8$1$1nzpAK9xz-26NVvqABqWIw$S1pJzxmezXO5CMc0VZ5hie9BxtGZO7-e8Prt_heytA4';

/** What differs between hosts; everything else is the same core. */
export interface HostAdapters {
  vault: TokenVault;
  /** Where the host keeps a confidential client's secret (encrypted); absent: a public client. */
  clientSecrets?: ClientSecretStore;
  /** Shows the sign-in page the host's way (system browser, auth window or renderer popup). */
  presentSignIn(auth: StaffAuth): Promise<SignInPresentation>;
  /** Web host: the renderer opens the print dialog; Electron prints silently to the printer. */
  receiptPrinting: ReceiptPrinting;
  /** Tests replace node-hid with a fake device at this seam. */
  hidBackend?: HidBackend;
  embeddedService?: ResolveOptions;
}

export interface BootedKiosk {
  core: KioskCore;
  auth: StaffAuth;
  scanner: ScannerService;
  connection: { baseUrl: string; authUrl: string; embedded: boolean };
  stop(): Promise<void>;
}

function staffPinHash(settings: Settings, embedded: boolean): string | undefined {
  return settings.staff.pinHash ?? (embedded ? DEMO_STAFF_PIN_HASH : undefined);
}

/** Builds the host-agnostic kiosk; both hosts (Electron and web) start it through here. */
export async function bootKiosk(settings: Settings, adapters: HostAdapters): Promise<BootedKiosk> {
  const service = await resolveServiceConnection(settings, adapters.embeddedService);
  const clientSecret = adapters.clientSecrets
    ? await clientSecretFor(adapters.clientSecrets, service.connection)
    : undefined;
  const auth = await createStaffAuth({
    connection: service.connection,
    vault: adapters.vault,
    timeoutMs: settings.requestTimeoutMs,
    ...(clientSecret ? { clientSecret } : {}),
  });
  const scanner = new ScannerService({
    settings: settings.scanner,
    ...(adapters.hidBackend ? { backend: adapters.hidBackend } : {}),
  });
  scanner.start();
  const pinHash = staffPinHash(settings, service.embedded);
  if (!pinHash) log.warn('no staff PIN is configured: staff mode stays shut until one is set');

  const { client } = auth;
  const core = createKioskCore({
    branchName: settings.kiosk.branchName || 'Library',
    defaultLanguage: settings.kiosk.defaultLanguage,
    defaultTheme: settings.kiosk.theme,
    volume: settings.feedback.volume,
    staffPin: pinHash ? createPinGate(pinHash) : undefined,
    auth,
    presentSignIn: () => adapters.presentSignIn(auth),
    scanner,
    scannerSettings: settings.scanner,
    service: { baseUrl: service.connection.baseUrl, embedded: service.embedded },
    // The patron session gets the four circulation calls, not the staff sign-in behind them.
    circulation: {
      memberByBarcode: client.memberByBarcode,
      memberByEmail: client.memberByEmail,
      checkOut: client.checkOut,
      checkIn: client.checkIn,
    },
    patron: settings.patron,
    receiptMode: settings.receipt.mode,
    printing: adapters.receiptPrinting,
  });

  return {
    core,
    auth,
    scanner,
    connection: {
      baseUrl: service.connection.baseUrl,
      authUrl: service.connection.authUrl,
      embedded: service.embedded,
    },
    async stop() {
      core.dispose();
      auth.dispose();
      await scanner.stop();
      await service.stop();
    },
  };
}
