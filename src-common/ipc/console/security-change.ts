import { z } from 'zod';

/**
 * A settings change that staff must confirm on its own, apart from the ordinary Save or Apply
 * (settings/security-changes.ts finds them):
 * - `service-address`: where the staff sign-in and the patrons' card and item barcodes go (the
 *   library service, the sign-in server, the client the tokens are issued to, the SIP2 server
 *   as `host:port`), and where the kiosk takes its fleet settings from and whose signature it trusts
 *   (`fleet.url`; `fleet.publicKey` as the key's fingerprint);
 * - `lowers-protection`: a setting that opens a way the kiosk keeps shut by default (for
 *   `metrics.host`, the listener as `off`, `loopback` or `network`).
 * `from` and `to` are the setting's effective values (`null`: the built-in service's address, or
 * no fleet URL or key).
 */
export const SecurityChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('service-address'),
    field: z.enum([
      'service.baseUrl',
      'service.authUrl',
      'service.clientId',
      'sip2.address',
      'fleet.url',
      'fleet.publicKey',
    ]),
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('lowers-protection'),
    field: z.enum([
      'signInPresentation',
      'patron.allowEmail',
      'receipt.unanswered',
      'sip2.tls',
      'metrics.host',
    ]),
    from: z.string(),
    to: z.string(),
  }),
]);
export type SecurityChange = z.infer<typeof SecurityChangeSchema>;

/** What staff confirmed, sent back with Save or Apply: the very changes they were shown. */
export const ConfirmedChangesSchema = z.array(SecurityChangeSchema).max(20);
