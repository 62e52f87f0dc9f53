import { z } from 'zod';

/**
 * Settings whose change moves where the staff sign-in and the patrons' card numbers, barcodes and
 * PINs go, or whose signed files the kiosk takes its settings from: the library service, the
 * sign-in server, the client the tokens are issued to, the SIP2 server as `host:port`, the SMTP
 * relay of e-mail receipts as `host:port` (`null`: none), the fleet URL and the fleet key (by its
 * fingerprint).
 */
export const AddressFieldSchema = z.enum([
  'service.baseUrl',
  'service.authUrl',
  'service.clientId',
  'sip2.address',
  'receipt.email.relay',
  'fleet.url',
  'fleet.publicKey',
]);
export type AddressField = z.infer<typeof AddressFieldSchema>;

/**
 * Settings that open a way the kiosk keeps shut (src-main/settings/setting-classes.ts says for
 * each setting whether and when; docs/security.md lists them all). `from` and `to` as the core
 * compares them:
 * - `signInPresentation`, `receipt.unanswered`: the setting's value;
 * - `patron.allowEmail`, `sip2.patronPin`: `true` / `false`;
 * - `sip2.tls`: how the SIP2 connection goes, `tls` (encrypted), `this-computer` (a server on
 *   this machine, or the built-in one) or the `host:port` of a server across the network reached
 *   in clear (TLS off);
 * - `sip2.tlsCaFile`, `sip2.tlsServerName`, and `receipt.email.`'s: the file or name (`null`: the
 *   system's authorities; the server's own name);
 * - `metrics.host`: the listener as `off`, `loopback` or `network`;
 * - `metrics.bearerTokenSha256`: the first 8 hex digits of the token's SHA-256 (`null`: none);
 * - `metrics.tlsClientCaFile`: the file (`null`: none).
 */
export const LoweringFieldSchema = z.enum([
  'signInPresentation',
  'patron.allowEmail',
  'receipt.unanswered',
  'sip2.tls',
  'sip2.patronPin',
  'sip2.tlsCaFile',
  'sip2.tlsServerName',
  'receipt.email.tlsCaFile',
  'receipt.email.tlsServerName',
  'metrics.host',
  'metrics.bearerTokenSha256',
  'metrics.tlsClientCaFile',
]);
export type LoweringField = z.infer<typeof LoweringFieldSchema>;

/** Every change that needs its own confirmation, by name: what a fleet's policy may allow. */
export const SecurityFieldSchema = z.enum([
  ...AddressFieldSchema.options,
  ...LoweringFieldSchema.options,
]);
export type SecurityField = z.infer<typeof SecurityFieldSchema>;

/**
 * A settings change that staff must confirm on its own, apart from the ordinary Save or Apply
 * (settings/security-changes.ts finds them): a new address (`service-address`; `null` is the
 * built-in service, or no fleet URL or key) or a lowered protection (`lowers-protection`).
 * `from` and `to` are the setting's effective values.
 */
export const SecurityChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('service-address'),
    field: AddressFieldSchema,
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('lowers-protection'),
    field: LoweringFieldSchema,
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
]);
export type SecurityChange = z.infer<typeof SecurityChangeSchema>;

/** What staff confirmed, sent back with Save or Apply: the very changes they were shown. */
export const ConfirmedChangesSchema = z.array(SecurityChangeSchema).max(20);
