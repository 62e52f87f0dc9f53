import type { ServiceConnection } from '../library/connection';
import { REGISTERED_CLIENT_ID } from './schema';
import type { Settings } from './schema';

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
    interop: {
      fieldMap: service.fieldMap,
      circulationMethod: service.circulationMethod,
      maxAnswerBytes: service.maxAnswerBytes,
    },
  };
}

/**
 * The connection to an embedded reference service at these addresses: the client it registers
 * for the kiosk, with the settings' redirect and interop (the kiosk that started it, and the CLI
 * beside a running kiosk, use the same).
 */
export function embeddedConnection(
  service: { baseUrl: string; authUrl: string },
  settings: Settings,
): ServiceConnection {
  return {
    baseUrl: service.baseUrl,
    authUrl: service.authUrl,
    clientId: REGISTERED_CLIENT_ID,
    clientKind: 'registered',
    redirectUri: settings.service.redirectUri,
    interop: {
      fieldMap: settings.service.fieldMap,
      circulationMethod: settings.service.circulationMethod,
      maxAnswerBytes: settings.service.maxAnswerBytes,
    },
  };
}
