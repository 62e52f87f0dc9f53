import { z } from 'zod';
import { createLogger } from '../../src-shared/log/logger';
import type { Result } from '../../src-common/result';
import type { VaultError } from './vault';

const log = createLogger('vault:smtp-password');

/**
 * The SMTP relay's password for e-mail receipts, bound to the relay and login it was given for,
 * so pointing the kiosk at another relay never sends it there.
 */
export const SmtpPasswordDocumentSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  user: z.string(),
  password: z.string(),
});

export type SmtpPasswordDocument = z.infer<typeof SmtpPasswordDocumentSchema>;

/** Sealed like the client secret and the SIP2 passwords. Implementations never log it. */
export interface SmtpPasswordStore {
  load(): Promise<Result<SmtpPasswordDocument | null, VaultError>>;
  save(document: SmtpPasswordDocument): Promise<Result<void, VaultError>>;
  clear(): Promise<void>;
}

export interface SmtpBinding {
  host: string;
  port: number;
  user: string;
}

/** The stored password when it belongs to this relay and login; otherwise none. */
export async function smtpPasswordFor(
  store: SmtpPasswordStore,
  binding: SmtpBinding,
): Promise<string | undefined> {
  const loaded = await store.load();
  if (!loaded.ok) {
    // A damaged file was set aside (logged with its name): set-smtp-password stores it again.
    log.warn('the SMTP relay password is unreadable; e-mail receipts go without it', {
      reason: loaded.error.kind,
    });
    return undefined;
  }
  const stored = loaded.value;
  if (!stored) return undefined;
  if (
    stored.host.toLowerCase() !== binding.host.toLowerCase() ||
    stored.port !== binding.port ||
    stored.user !== binding.user
  ) {
    log.info('the stored SMTP relay password belongs to another relay or login; not used');
    return undefined;
  }
  return stored.password;
}

/**
 * What a relay password is stored for: the configured relay and login, or a sentence saying what
 * to set first (no relay; no login, where the relay takes mail without one).
 */
export function smtpBindingOf(email: {
  host: string;
  port: number;
  user: string;
}): SmtpBinding | { problem: string } {
  if (!email.host) {
    return {
      problem:
        'No SMTP relay configured: a password belongs to a relay, so set receipt.email.host (and receipt.email.port, receipt.email.user) first.',
    };
  }
  if (!email.user) {
    return {
      problem:
        'No SMTP login configured (receipt.email.user): the relay is used without one, so it needs no password.',
    };
  }
  return { host: email.host, port: email.port, user: email.user };
}
