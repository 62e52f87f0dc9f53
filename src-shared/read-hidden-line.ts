import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/**
 * One line from stdin for a secret (a PIN, a client secret, a reference-service staff password):
 * on a terminal the prompt shows and what is typed does not echo; piped input is read as it is.
 */
export async function readHiddenLine(
  prompt: string,
  stdin: NodeJS.ReadStream,
  stderr: NodeJS.WritableStream,
): Promise<string> {
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  if (stdin.isTTY) stderr.write(prompt);
  const lines = createInterface({ input: stdin, output: muted, terminal: !!stdin.isTTY });
  try {
    for await (const line of lines) return line.trim();
    return '';
  } finally {
    lines.close();
    if (stdin.isTTY) stderr.write('\n');
  }
}
