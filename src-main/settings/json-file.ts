import { readFileSync } from 'node:fs';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';

/**
 * Why a JSON document file cannot be used. `detail` is the words that follow the file's name in a
 * message ("is not valid JSON (...)"); it never quotes the file's content beyond one character.
 */
export interface JsonFileProblem {
  kind: 'unreadable' | 'empty' | 'byte-order-mark' | 'invalid-json' | 'not-an-object';
  detail: string;
}

function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return `cannot be read (${code}: permission denied for this user)`;
    case 'EISDIR':
      return 'cannot be read (it is a folder, not a file)';
    default:
      return `cannot be read (${code ?? (error as Error | undefined)?.message ?? 'unknown error'})`;
  }
}

/**
 * V8's reason, without the start of the text it quotes in some messages (`Unexpected token 'a',
 * "abc..." is not valid JSON`), and with its character position as a line and column.
 */
export function describeJsonSyntaxError(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const reason = message
    .replace(/,\s*(?:\.\.\.)?".*" is not valid JSON$/s, '')
    .replace(/\s*\(line \d+ column \d+\)$/, '')
    // The unexpected character itself may be a line break: keep the message on one line.
    .replace(/[\r\n\t]/g, (character) => JSON.stringify(character).slice(1, -1));
  const at = /^(.*?)\s+(?:in JSON )?at position (\d+)$/s.exec(reason);
  if (!at) return reason;
  const position = Number(at[2]);
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `${at[1]} at line ${line}, column ${column}`;
}

function jsonKind(value: unknown): string {
  if (value === null) return 'JSON null';
  if (Array.isArray(value)) return 'a JSON array';
  return `a JSON ${typeof value}`;
}

/**
 * Reads a file that must hold one JSON object (conf's and electron-store's format). Never throws:
 * a missing file is `null`, anything else that is not a JSON object is a problem to report.
 */
export function readJsonObjectFile(
  file: string,
): Result<Record<string, unknown> | null, JsonFileProblem> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return ok(null);
    return err({ kind: 'unreadable', detail: describeReadError(error) });
  }
  if (text.charCodeAt(0) === 0xfeff) {
    return err({
      kind: 'byte-order-mark',
      detail:
        'starts with a byte-order mark, which JSON does not allow (save it as UTF-8 without BOM)',
    });
  }
  if (text.trim() === '') {
    return err({ kind: 'empty', detail: 'is empty (it must hold a JSON object)' });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return err({
      kind: 'invalid-json',
      detail: `is not valid JSON (${describeJsonSyntaxError(error, text)})`,
    });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return err({ kind: 'not-an-object', detail: `holds ${jsonKind(value)}, not a JSON object` });
  }
  return ok(value as Record<string, unknown>);
}
