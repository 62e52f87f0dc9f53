/**
 * The connection to the library service: where it answers, the sign-in client the kiosk is, and
 * how this deployment's answers are read. The settings name it (settings/service-connection.ts);
 * staff sign-in and the REST client use it.
 */

/** `registered`: the client the library registered for the kiosk; `development`: a local one. */
export const CLIENT_KINDS = ['registered', 'development'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];

/** `auto`: POST as the interface states, PUT after a 405 (its samples use PUT). */
export const CIRCULATION_METHODS = ['auto', 'POST', 'PUT'] as const;
export type CirculationMethod = (typeof CIRCULATION_METHODS)[number];

/** How to read this deployment's answers and send its circulation calls (`service.*` settings). */
export interface ConnectionInterop {
  /** Concept key -> the deployment's field path (`service.fieldMap`), as the settings checked it. */
  fieldMap?: Readonly<Partial<Record<string, string>>>;
  circulationMethod?: CirculationMethod;
  /** The longest answer read, in bytes (`service.maxAnswerBytes`). */
  maxAnswerBytes?: number;
}

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
  interop?: ConnectionInterop;
}
