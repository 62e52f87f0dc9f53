import { createStaffAuth } from '../auth/staff-auth';
import type { StaffAuth } from '../auth/staff-auth';
import type { OfflineCirculation } from '../circulation/offline/offline-circulation';
import { createBranchName } from '../core/branch-name';
import type { BranchName } from '../core/branch-name';
import { createLogger } from '../../src-shared/log/logger';
import type { KioskMetrics } from '../metrics/kiosk-metrics';
import type { Settings } from '../settings/schema';
import { clientSecretFor } from '../vault/client-secret';
import type { HostAdapters } from './bootstrap';
import { resolveServiceConnection } from './embedded-service';
import type { ResolvedConnection } from './embedded-service';
import { usesEmbeddedSip2 } from './sip2-back-end';

const log = createLogger('kiosk');

/**
 * The library service the kiosk talks to: the configured one, or the embedded reference service
 * started with what this kiosk needs of it (the demo staff accounts and login hint when demo mode
 * is asked for, a SIP2 listener when the patron flow goes over SIP2 with no server of its own).
 */
export async function openLibraryService(
  settings: Settings,
  adapters: HostAdapters,
  demoAsked: boolean,
): Promise<ResolvedConnection> {
  return resolveServiceConnection(settings, {
    ...adapters.embeddedService,
    ...(demoAsked ? { demoSignInHint: true } : {}),
    demoAccounts: demoAsked,
    // Any free port: nothing outside the kiosk needs to find it (probe --sip2 names a server).
    ...(usesEmbeddedSip2(settings)
      ? {
          sip2: {
            port: 0,
            tls: settings.sip2.tls,
            encoding: settings.sip2.encoding,
            ...adapters.embeddedService?.sip2,
          },
        }
      : {}),
  });
}

/**
 * Staff sign-in to that service: as a confidential client when the host keeps a secret for it,
 * with the host's `fetch` (Electron: Chromium's network stack), else as a public client.
 */
export async function startStaffSignIn(
  settings: Settings,
  adapters: HostAdapters,
  service: ResolvedConnection,
  metrics: KioskMetrics,
): Promise<StaffAuth> {
  const clientSecret = adapters.clientSecrets
    ? await clientSecretFor(adapters.clientSecrets, service.connection)
    : undefined;
  return createStaffAuth({
    connection: service.connection,
    vault: adapters.vault,
    timeoutMs: settings.requestTimeoutMs,
    ...(clientSecret ? { clientSecret } : {}),
    ...(adapters.fetch ? { fetch: adapters.fetch } : {}),
    metrics,
  });
}

/**
 * The service's name for the kiosk's branch, unless the settings give one (core/branch-name.ts),
 * read again once the service is back when the kiosk started offline; `stop` ends both.
 */
export function startBranchName(
  settings: Settings,
  auth: StaffAuth,
  offline: OfflineCirculation,
): { branch: BranchName; stop: () => void } {
  const branch = createBranchName({
    configured: settings.kiosk.branchName,
    branchId: settings.kiosk.branchId,
    client: auth.client,
    signedIn: () => auth.status().state === 'signed-in',
    onSignInChange: (listener) => auth.onStatusChange(listener),
    log: log.child('branch'),
  });
  const stopBranchRetry = offline.connectivity.onChange((connectivity) => {
    if (connectivity === 'online' && !branch.name()) void branch.refresh();
  });
  return {
    branch,
    stop: () => {
      stopBranchRetry();
      branch.dispose();
    },
  };
}
