import path from 'node:path';
import type { ServiceConnection } from '../auth/staff-auth';
import { createLogger } from '../../src-shared/log/logger';
import type { Settings } from '../settings/schema';
import { configuredConnection } from '../service/connection';
import { REGISTERED_CLIENT_ID } from '../settings/schema';
import type { StartServiceOptions } from '../../src-service/index';

const log = createLogger('service:connection');

export interface ResolvedConnection {
  connection: ServiceConnection;
  /** True when the kiosk started the reference service itself. */
  embedded: boolean;
  /** Stops the embedded service; a no-op for a configured one. */
  stop(): Promise<void>;
}

export interface ResolveOptions {
  /** Ports of the embedded service; the defaults (7301-7303) keep tokens valid across restarts. */
  ports?: StartServiceOptions['ports'];
  quiet?: boolean;
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
  // Loaded only when needed: a kiosk pointed at a real deployment never loads the reference service.
  const { startService } = await import('../../src-service/index');
  const running = await startService({
    dataDir: path.join(settings.dataDir, 'reference-service'),
    ...(options.ports ? { ports: options.ports } : {}),
    quiet: options.quiet ?? true,
  });
  log.info('using the embedded reference service', {
    baseUrl: running.baseUrl,
    authUrl: running.authUrl,
  });
  return {
    connection: {
      baseUrl: running.baseUrl,
      authUrl: running.authUrl,
      clientId: REGISTERED_CLIENT_ID,
      clientKind: 'registered',
      redirectUri: settings.service.redirectUri,
      interop: {
        fieldMap: settings.service.fieldMap,
        circulationMethod: settings.service.circulationMethod,
      },
    },
    embedded: true,
    stop: () => running.stop(),
  };
}
