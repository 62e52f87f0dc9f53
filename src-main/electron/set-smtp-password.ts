import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { Settings } from '../settings/schema';
import { smtpBindingOf } from '../vault/smtp-password';
import type { SmtpPasswordStore } from '../vault/smtp-password';
import type { VaultError } from '../vault/vault';
import { SMTP_PASSWORD_VARIABLE, readSecretLine } from './secret-input';
import type { SecretSources } from './secret-input';

/**
 * `--set-smtp-password`: reads the relay's password (from --from-file, KIOSK_SMTP_PASSWORD or
 * stdin: secret-input.ts) before `ready`, for main.ts to seal it with safeStorage once ready.
 */
export async function readSmtpPassword(
  settings: Settings,
  sources: SecretSources,
): Promise<string | { problem: string }> {
  const binding = smtpBindingOf(settings.receipt.email);
  if ('problem' in binding) return binding;
  const password = await readSecretLine(SMTP_PASSWORD_VARIABLE, sources);
  if (!password.ok) return { problem: password.error };
  if (!password.value) {
    return {
      problem: `No SMTP relay password given (stdin, --from-file or ${SMTP_PASSWORD_VARIABLE}).`,
    };
  }
  return password.value;
}

/** Seals it for the configured relay and login, or with `--clear` (undefined) removes it. */
export async function storeSmtpPasswordFor(
  settings: Settings,
  store: SmtpPasswordStore,
  password: string | undefined,
): Promise<Result<string, { kind: VaultError['kind'] | 'usage'; message: string }>> {
  if (password === undefined) {
    await store.clear();
    return ok('SMTP relay password removed.');
  }
  const binding = smtpBindingOf(settings.receipt.email);
  if ('problem' in binding) return err({ kind: 'usage', message: binding.problem });
  const saved = await store.save({ ...binding, password });
  if (saved.ok) {
    return ok(
      `SMTP relay password for ${binding.user} at ${binding.host}:${binding.port} saved (encrypted with the system keyring). A kiosk already running uses it from its next receipt.`,
    );
  }
  return err({
    kind: saved.error.kind,
    message: `The SMTP relay password could not be stored (${saved.error.kind}).`,
  });
}
