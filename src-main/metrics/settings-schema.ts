import { z } from 'zod';

/** 127.0.0.0/8, ::1 and localhost: a listener only this machine can reach. */
const LOOPBACK_LISTEN = /^(localhost|127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}|::1|\[::1\])$/i;

export function isLoopbackListenHost(host: string): boolean {
  return LOOPBACK_LISTEN.test(host);
}

/** An address to listen on: a host name or an IP address, without scheme, port or path. */
// IPv6 has two colons at least: `127.0.0.1:9464` (a port) is refused, not read as an address.
const LISTEN_HOST =
  /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\[?[0-9A-Fa-f.]*:[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*\]?$/;

const FILE = z.string().min(1).max(4096);

/** Why the listener is refused off loopback without TLS and a credential (schema and listener). */
export const OFF_LOOPBACK_NEEDS =
  'a metrics host other than loopback needs TLS (tlsCertFile, tlsKeyFile) and a scrape token (bearerTokenSha256, library-kiosk metrics-token) or client certificates (tlsClientCaFile): over plain HTTP the token would cross the network in clear';

/** Whether these settings may listen where they say: loopback, or TLS with a credential. */
export function listenerProtected(m: {
  enabled: boolean;
  host: string;
  bearerTokenSha256?: string | undefined;
  tlsCertFile?: string | undefined;
  tlsKeyFile?: string | undefined;
  tlsClientCaFile?: string | undefined;
}): boolean {
  if (!m.enabled || isLoopbackListenHost(m.host)) return true;
  const tls = m.tlsCertFile !== undefined && m.tlsKeyFile !== undefined;
  return tls && (m.bearerTokenSha256 !== undefined || m.tlsClientCaFile !== undefined);
}

/**
 * The Prometheus listener (docs/operations.md): off by default. Off this machine it must speak
 * TLS (`tlsCertFile`, `tlsKeyFile`), and a scrape must carry the bearer token whose SHA-256 is
 * here (`library-kiosk metrics-token`) or a client certificate from `tlsClientCaFile`: the schema
 * refuses a listener open to anyone, and a token sent over plain HTTP across the network.
 */
export const MetricsSettingsSchema = z
  .object({
    enabled: z.boolean().default(false),
    host: z
      .string()
      .max(253)
      .regex(LISTEN_HOST, {
        message: 'must be a host name or an IP address, without scheme, port or path',
      })
      .default('127.0.0.1'),
    port: z.number().int().min(1).max(65_535).default(9464),
    /** Hex SHA-256 of the scrape token; the token itself is never stored. */
    bearerTokenSha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, { message: 'must be a hex SHA-256 (library-kiosk metrics-token)' })
      .optional(),
    /** PEM files: the listener's certificate and key (HTTPS), and the CA its scrapers' certificates chain to (mTLS). */
    tlsCertFile: FILE.optional(),
    tlsKeyFile: FILE.optional(),
    tlsClientCaFile: FILE.optional(),
  })
  .refine((m) => (m.tlsCertFile === undefined) === (m.tlsKeyFile === undefined), {
    message: 'TLS needs both tlsCertFile and tlsKeyFile',
    path: ['tlsCertFile'],
  })
  .refine((m) => m.tlsClientCaFile === undefined || m.tlsCertFile !== undefined, {
    message: "mTLS (tlsClientCaFile) needs the listener's own tlsCertFile and tlsKeyFile",
    path: ['tlsClientCaFile'],
  })
  .refine(listenerProtected, { message: OFF_LOOPBACK_NEEDS, path: ['host'] });

export type MetricsSettings = z.infer<typeof MetricsSettingsSchema>;
