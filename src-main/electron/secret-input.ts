import { readFile } from 'node:fs/promises';
import { readHiddenLine } from '../../src-shared/read-hidden-line';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';

/**
 * Where `--set-pin`, `--set-client-secret` and `--set-sip2-password` take their one line from: `--from-file PATH`, else
 * an environment variable, else stdin. The first two are there because stdin is not always the
 * caller's: on Windows Electron replaces process.stdin with an empty stream (electron#4218,
 * #21705). Never a command-line value: it would show in `ps` and the shell history.
 */
export interface SecretSources {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadStream;
  /** Where the prompt goes when stdin is a terminal. */
  stderr: NodeJS.WritableStream;
}

/** The variable read when there is no --from-file (docs/electron.md). */
export const PIN_VARIABLE = 'KIOSK_NEW_STAFF_PIN';
export const CLIENT_SECRET_VARIABLE = 'KIOSK_CLIENT_SECRET';
export const SIP2_PASSWORD_VARIABLE = 'KIOSK_SIP2_PASSWORD';
export const SMTP_PASSWORD_VARIABLE = 'KIOSK_SMTP_PASSWORD';

/** What a terminal shows before the line is typed (and not echoed). */
const PROMPTS: Record<string, string> = {
  [PIN_VARIABLE]: 'New staff PIN: ',
  [CLIENT_SECRET_VARIABLE]: 'Client secret: ',
  [SIP2_PASSWORD_VARIABLE]: 'SIP2 password: ',
};

/** The line, trimmed (possibly empty), or why it could not be read. */
export async function readSecretLine(
  variable: string,
  { argv, env, stdin, stderr }: SecretSources,
): Promise<Result<string, string>> {
  const flag = argv.indexOf('--from-file');
  if (flag !== -1) {
    const file = argv[flag + 1];
    if (!file || file.startsWith('--')) return err('--from-file needs the path of a file.');
    try {
      return ok((await readFile(file, 'utf8')).split(/\r?\n/)[0]!.trim());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      return err(`The file ${file} could not be read (${code}).`);
    }
  }
  const fromEnv = env[variable];
  if (fromEnv !== undefined) return ok(fromEnv.trim());
  // Typed at a terminal: not echoed (the terminal in raw mode), as the CLI's commands read theirs.
  return ok(await readHiddenLine(PROMPTS[variable] ?? 'Secret: ', stdin, stderr));
}
