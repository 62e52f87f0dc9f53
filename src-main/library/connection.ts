import type { ServiceClientOptions } from '../library-client/client';
import type { ClientKind } from '../settings/schema';

/**
 * One spelling per address: the URL's origin (scheme, lower-case host, port unless the default)
 * and its path without trailing slashes, as the client builds its requests from it
 * (`https://Library.example.org/api/` and `https://library.example.org/api` are one service).
 */
export function serviceAddress(url: string): string {
  if (!URL.canParse(url)) return url.trim();
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

export interface ServiceConnection {
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientKind: ClientKind;
  /** Default redirect: the private-use scheme in Electron; hosts with a loopback pass their own. */
  redirectUri: string;
  /** How to read this deployment's answers and send its circulation calls. */
  interop?: Pick<ServiceClientOptions, 'fieldMap' | 'circulationMethod' | 'maxAnswerBytes'>;
}
