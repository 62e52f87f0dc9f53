import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/operations.md lists the log messages a library's collector searches and alerts on
 * ("Messages worth watching"). A message reworded in the code would silently stop an alert, so
 * every listed scope and every fixed part of every listed message must still be in the code.
 */

const ROOT = path.resolve(__dirname, '../../..');

function sourceText(): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) files.push(full);
    }
  };
  for (const dir of ['src-main', 'src-shared', 'src-common']) walk(path.join(ROOT, dir));
  return files.map((file) => readFileSync(file, 'utf8')).join('\n');
}

interface Row {
  scopes: string[];
  messages: string[];
}

/** The rows of the table that follows "Messages worth watching", cells' code spans only. */
function documentedRows(): Row[] {
  const page = readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
  const start = page.indexOf('**Messages worth watching.**');
  expect(start).toBeGreaterThan(-1);
  const lines = page.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: Row[] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    const [scopeCell = '', messageCell = ''] = line.split('|').slice(1);
    const spans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    // `data.reason` and the like name fields that go with a message, not the message.
    rows.push({
      scopes: spans(scopeCell),
      messages: spans(messageCell).filter((span) => !span.startsWith('data.')),
    });
  }
  return rows;
}

/** A message's fixed words: what is left between its `<placeholders>` and `...` elisions. */
function fixedParts(message: string): string[] {
  return message
    .split(/<[^>]+>|\.\.\./)
    .map((part) => part.trim())
    .filter((part) => part.length >= 4);
}

const quoted = (text: string, value: string) =>
  text.includes(`'${value}'`) || text.includes(`"${value}"`) || text.includes(`\`${value}\``);

describe('the log messages docs/operations.md tells collectors to watch', () => {
  const rows = documentedRows();
  const text = sourceText();

  it('reads the table (so that an emptied or moved table fails here)', () => {
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.every((row) => row.scopes.length > 0 && row.messages.length > 0)).toBe(true);
  });

  it('splits a message into its fixed words', () => {
    expect(fixedParts('<path> start-up stage: <stage> (<ms> ms)')).toEqual(['start-up stage:']);
    expect(fixedParts('... still in stage: <stage>')).toEqual(['still in stage:']);
    expect(fixedParts('scanner connected')).toEqual(['scanner connected']);
  });

  it.each(rows.flatMap((row) => row.scopes.map((scope) => [scope])))(
    'scope %s is a logger the code creates',
    (scope) => {
      const parts = scope.split(':');
      const made =
        quoted(text, scope) ||
        (parts.length === 2 && quoted(text, parts[0]!) && text.includes(`.child('${parts[1]}')`));
      expect(made).toBe(true);
    },
  );

  it.each(rows.flatMap((row) => row.messages.map((message) => [message])))(
    'message "%s" is still written by the code',
    (message) => {
      const missing = fixedParts(message).filter((part) => !text.includes(part));
      expect(missing).toEqual([]);
    },
  );
});
