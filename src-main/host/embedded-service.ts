import type { ServiceConnection } from '../library/connection';
import { createLogger } from '../../src-shared/log/logger';
import type { Settings } from '../settings/schema';
import { configuredConnection, embeddedConnection } from '../settings/service-connection';
import type {
  FaultController,
  RunningService,
  RunningSip2,
  StartServiceOptions,
} from '../../src-reference-service/index';
import { prepareEmbeddedServiceFolder } from './embedded-service-files';
import { checkNativeBinding } from './native-binding';

const log = createLogger('service:connection');

export interface ResolvedConnection {
  connection: ServiceConnection;
  /** True when the kiosk started the reference service itself. */
  embedded: boolean;
  /** Stops the embedded service; a no-op for a configured one. */
  stop(): Promise<void>;
  /** The embedded service's fault knobs when started with `faults: true`; absent otherwise. */
  faults?: FaultController;
  /** The embedded service's SIP2 listener, when it was asked for (`sip2`). */
  sip2?: RunningSip2;
  /** The embedded service's demo items as they stand now (demo mode's strip). */
  demoItems?: RunningService['demoItems'];
}

export interface ResolveOptions {
  /** Ports of the embedded service; the defaults (7301-7303) keep tokens valid across restarts. */
  ports?: StartServiceOptions['ports'];
  quiet?: boolean;
  /**
   * How the embedded service starts its child process (Azurite). Absent: Node's child_process,
   * right for the web host, the CLI and tests; the Electron host passes utilityProcess.fork
   * (src-main/electron/utility-process-launcher.ts).
   */
  launchChild?: StartServiceOptions['launchChild'];
  /** The Electron host's build of better-sqlite3 (see src-main/host/native-binding.ts). */
  sqliteNativeBinding?: string;
  /** Tests and benchmarks only: the embedded service with its fault knobs. */
  faults?: boolean;
  /** Tests only: the blob endpoint upload tickets name (a proxy in front of Azurite). */
  ticketBlobUrl?: StartServiceOptions['ticketBlobUrl'];
  /** Demo mode asked for: the service's login page names the demo account. */
  demoSignInHint?: boolean;
  /**
   * Demo mode asked for: the demo staff accounts, whose passwords are published, exist. Absent or
   * false they are removed, so no account has a known password (staff accounts: `add-staff`).
   */
  demoAccounts?: boolean;
  /** Tests only: a member PUT that replaces the record (`replace`) instead of merging into it. */
  memberPut?: StartServiceOptions['memberPut'];
  /** The patron flow uses SIP2 with no server of its own: the embedded service's listener. */
  sip2?: StartServiceOptions['sip2'];
  /** When the blob store's child may start (the web host: once its page is painted). */
  blobStoreAfter?: StartServiceOptions['blobStoreAfter'];
}

/**
 * The service the kiosk talks to: the configured one, or, when no base URL is configured, the
 * reference service started in-process with its data under `<dataDir>/reference-service` and the
 * registered client.
 */
export async function resolveServiceConnection(
  settings: Settings,
  options: ResolveOptions = {},
): Promise<ResolvedConnection> {
  const configured = configuredConnection(settings);
  if (configured) return { connection: configured, embedded: false, stop: async () => undefined };
  if (options.sqliteNativeBinding) checkNativeBinding(options.sqliteNativeBinding);
  // Loaded only when needed: a kiosk pointed at a real deployment never loads the reference service
  // (nor SQLite, the blob client or oidc-provider). The build code-splits here (scripts/build.js),
  // so this import is a chunk of its own that the Electron bundle loads on this path only.
  const { startService } = await import('../../src-reference-service/index');
  const running = await startService({
    dataDir: prepareEmbeddedServiceFolder(settings.dataDir),
    ...(options.ports ? { ports: options.ports } : {}),
    quiet: options.quiet ?? true,
    ...(options.launchChild ? { launchChild: options.launchChild } : {}),
    ...(options.sqliteNativeBinding ? { sqliteNativeBinding: options.sqliteNativeBinding } : {}),
    ...(options.faults ? { faults: true } : {}),
    ...(options.ticketBlobUrl ? { ticketBlobUrl: options.ticketBlobUrl } : {}),
    ...(options.demoSignInHint ? { demoSignInHint: true } : {}),
    demoAccounts: options.demoAccounts ?? false,
    ...(options.memberPut ? { memberPut: options.memberPut } : {}),
    ...(options.sip2 ? { sip2: options.sip2 } : {}),
    ...(options.blobStoreAfter ? { blobStoreAfter: options.blobStoreAfter } : {}),
  });
  log.info('using the embedded reference service', {
    baseUrl: running.baseUrl,
    authUrl: running.authUrl,
    ...(running.sip2 ? { sip2: `${running.sip2.host}:${running.sip2.port}` } : {}),
  });
  return {
    connection: embeddedConnection(running, settings),
    embedded: true,
    stop: () => running.stop(),
    ...(running.faults ? { faults: running.faults } : {}),
    ...(running.sip2 ? { sip2: running.sip2 } : {}),
    demoItems: running.demoItems,
  };
}
