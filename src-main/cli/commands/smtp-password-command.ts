import { smtpBindingOf } from '../../vault/smtp-password';
import { createSmtpPasswordFile } from '../../vault/smtp-password-file';
import type { Command } from '../command';
import { openSecretFile } from './sealed-secret-file';
import { EXIT } from '../exit-codes';
import { readHiddenLine } from '../../../src-shared/read-hidden-line';

/**
 * Stores the SMTP relay's password for e-mail receipts, sealed with the vault's key and bound to
 * the configured receipt.email.host, .port and .user; `--clear` removes it. Read from stdin, one
 * line, so the password is never in the shell history, the settings file or an export.
 */
export const setSmtpPassword: Command = async (input) => {
  const { output, streams } = input;
  const opened = await openSecretFile(
    input,
    createSmtpPasswordFile,
    'SMTP relay password removed.',
  );
  if (typeof opened === 'number') return opened;
  const { settings, paths, store } = opened;
  const binding = smtpBindingOf(settings.receipt.email);
  if ('problem' in binding) {
    output.failure('no-smtp-relay', binding.problem);
    return EXIT.usage;
  }
  const password = await readHiddenLine('SMTP relay password: ', process.stdin, streams.stderr);
  if (!password) {
    output.failure(
      'usage',
      'No SMTP relay password on stdin (use --clear to remove the stored one).',
    );
    return EXIT.usage;
  }
  const saved = await store.save({ ...binding, password });
  if (!saved.ok) {
    output.failure('vault-io', 'The SMTP relay password could not be stored.');
    return EXIT.internal;
  }
  output.result(
    { saved: paths.smtpPasswordFile, ...binding },
    () =>
      `SMTP relay password for ${binding.user} at ${binding.host}:${binding.port} saved (encrypted) in ${paths.smtpPasswordFile}`,
  );
  return EXIT.ok;
};
