import { describeLibraryError } from '../library/library-error';
import type { LibraryError } from '../library/library-error';
import type { UploadError } from '../library-client/upload';

export interface Output {
  json: boolean;
  /** The command's result: JSON on stdout with --json, otherwise the human rendering. */
  result(value: unknown, human: () => string): void;
  /** Progress and prompts: always stderr, so stdout stays machine-readable. */
  note(text: string): void;
  failure(kind: string, text: string, detail?: object): void;
}

export interface Streams {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export function createOutput(json: boolean, streams: Streams): Output {
  return {
    json,
    result(value, human) {
      streams.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${human()}\n`);
    },
    note(text) {
      streams.stderr.write(`${text}\n`);
    },
    failure(kind, text, detail = {}) {
      if (json)
        streams.stdout.write(
          `${JSON.stringify({ error: { kind, message: text, ...detail } }, null, 2)}\n`,
        );
      else streams.stderr.write(`error: ${text}\n`);
    },
  };
}

export function serviceFailure(output: Output, error: LibraryError | UploadError): void {
  const text =
    error.kind === 'file-unreadable'
      ? `cannot read the file (${error.cause})`
      : describeLibraryError(error);
  output.failure(error.kind, text, error);
}

/** Fixed-width columns for human output. */
export function table(rows: string[][]): string {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, index) => (widths[index] = Math.max(widths[index] ?? 0, cell.length)));
  return rows
    .map((row) =>
      row
        .map((cell, index) => cell.padEnd(widths[index] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
