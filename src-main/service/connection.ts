import type { ServiceConnection } from '../auth/staff-auth';
import type { Settings } from '../settings/schema';

/** The connection the settings name, or undefined when no base URL is configured. */
export function configuredConnection(settings: Settings): ServiceConnection | undefined {
  const { service } = settings;
  if (!service.baseUrl) return undefined;
  return {
    baseUrl: service.baseUrl,
    authUrl: service.authUrl ?? service.baseUrl,
    clientId: service.clientId,
    clientKind: service.clientKind,
    redirectUri: service.redirectUri,
    interop: { fieldMap: service.fieldMap, circulationMethod: service.circulationMethod },
  };
}
