import { z } from 'zod';

/** A host name or an IP address (v4, or v6 in brackets or bare), without scheme, port or path. */
const HOST = /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\[?[0-9A-Fa-f:.]+\]?$/;
/** Deliberately loose, as for a patron's address: the relay decides what it accepts. */
const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/**
 * E-mail receipts (docs/patron-flow.md): sent through the library's SMTP relay, always over TLS,
 * to the address the member record holds. The relay's password is not a setting: it is sealed in
 * the vault (`library-kiosk set-smtp-password`), never in this file or an export.
 */
export const ReceiptEmailSettingsSchema = z
  .object({
    /** The receipt question offers "E-mail" to a patron whose record holds an address. */
    enabled: z.boolean().default(false),
    host: z
      .string()
      .max(253)
      .refine((value) => value === '' || HOST.test(value), {
        message: 'must be a host name or an IP address, without scheme, port or path',
      })
      .default(''),
    port: z.number().int().min(1).max(65_535).default(587),
    /**
     * `starttls`: a plain connection that must upgrade before anything is sent (submission, 587);
     * `implicit`: TLS from the first byte (SMTPS, 465). There is no unencrypted choice.
     */
    tls: z
      .enum(['starttls', 'implicit'], { message: "must be 'starttls' or 'implicit'" })
      .default('starttls'),
    /** The certificate authority (PEM file) to trust; absent, the system's. */
    tlsCaFile: z.string().min(1).max(4096).optional(),
    /** The name the relay's certificate must carry, when it is not `host`. */
    tlsServerName: z.string().min(1).max(253).optional(),
    /** The relay's login; empty: the relay takes mail without one (it trusts the kiosk's address). */
    user: z.string().max(200).default(''),
    /** The sender patrons see: the library's own address. */
    from: z
      .string()
      .max(254)
      .refine((value) => value === '' || ADDRESS.test(value), {
        message: 'must be an e-mail address',
      })
      .default(''),
    /** How long one send may take, connection and answer included. */
    timeoutMs: z.number().int().min(2_000).max(120_000).default(20_000),
  })
  .refine((email) => !email.enabled || (email.host !== '' && email.from !== ''), {
    message:
      'e-mail receipts need the relay (receipt.email.host) and the sender (receipt.email.from)',
    path: ['enabled'],
  });

export type ReceiptEmailSettings = z.infer<typeof ReceiptEmailSettingsSchema>;
