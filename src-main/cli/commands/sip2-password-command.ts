import { storeSip2Password } from '../../vault/sip2-passwords';
import { createSip2PasswordsFile } from '../../vault/sip2-passwords-file';
import type { Command } from '../command';
import { openSecretFile } from './sealed-secret-file';
import { EXIT } from '../exit-codes';
import { readHiddenLine } from '../../../src-shared/read-hidden-line';

/**
 * Stores the SIP2 login password (CO), or with `--terminal` the terminal password (AC), sealed
 * with the vault's key and bound to the configured sip2.host, sip2.port and sip2.loginUser; the
 * other password stays as it was. `--clear` removes both. Read from stdin, one line, so a
 * password is never in the shell history, the settings file or an export.
 */
export const setSip2Password: Command = async (input) => {
  const { parsed, output, streams } = input;
  const opened = await openSecretFile(input, createSip2PasswordsFile, 'SIP2 passwords removed.');
  if (typeof opened === 'number') return opened;
  const { settings, paths, store } = opened;
  const { host, port, loginUser } = settings.sip2;
  if (!host) {
    output.failure(
      'no-sip2-server',
      'No SIP2 server configured: a password belongs to a server, so set sip2.host (and sip2.port, sip2.loginUser) first. The built-in SIP2 server needs none.',
    );
    return EXIT.usage;
  }
  const terminal = parsed.options.terminal === true;
  const which = terminal ? 'SIP2 terminal password' : 'SIP2 login password';
  const password = await readHiddenLine(`${which}: `, process.stdin, streams.stderr);
  if (!password) {
    output.failure('usage', `No ${which} on stdin (use --clear to remove the stored ones).`);
    return EXIT.usage;
  }
  const saved = await storeSip2Password(
    store,
    { host, port, loginUser },
    terminal ? 'terminal' : 'login',
    password,
  );
  if (!saved.ok) {
    output.failure('vault-io', `The ${which} could not be stored.`);
    return EXIT.internal;
  }
  output.result(
    { saved: paths.sip2PasswordsFile, host, port, loginUser },
    () =>
      `${which} for ${loginUser || '(no login user)'} at ${host}:${port} saved (encrypted) in ${paths.sip2PasswordsFile}`,
  );
  return EXIT.ok;
};
