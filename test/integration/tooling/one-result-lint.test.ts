import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * One result shape (issue 38): each case is a short file linted as if it stood at that path, so a
 * rule that stops biting a second shape, or bites Result itself, fails here.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const configPath = path.join(root, 'eslint.config.js');
const { RESULT_SHAPE_EXCEPTIONS } = (await import(configPath)) as {
  RESULT_SHAPE_EXCEPTIONS: Record<string, string>;
};
const eslint = new ESLint({ cwd: root });

async function shapes(filePath: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'results/one-result')
    .map((message) => message.message);
}

const TYPE =
  "A type with an 'ok' flag is a second result shape: use Result<T, E> from src-common/result.ts, or name the discriminant otherwise (kind) if this is no success-or-failure.";
const field = (name: string): string =>
  `'${name}' beside 'ok' is a second result shape: a Result holds only ok, value and error (src-common/result.ts); name the discriminant otherwise (kind) if this is no success-or-failure.`;

describe('results/one-result', () => {
  it.each([
    [
      'src-main/scanner/x.ts',
      "export type Scan = { ok: true; code: string } | { ok: false; reason: 'empty' };\n",
      [TYPE, TYPE],
    ],
    ['src-common/x.ts', 'export interface Reply {\n  ok: boolean;\n  text: string;\n}\n', [TYPE]],
    [
      'src-renderer/staff/x.ts',
      'export type Loaded<T> = { ok: true; value: T } | { ok: false; error: string };\n',
      [TYPE, TYPE],
    ],
    [
      'src-reference-service/x.ts',
      "export const refuse = () => ({ ok: false as const, reason: 'no' });\n",
      [field('reason')],
    ],
    [
      'src-shared/x.ts',
      'export const reply = { ok: true, text: "Signed in." };\n',
      [field('text')],
    ],
  ])('refuses a second shape in %s', async (at, text, messages) => {
    expect(await shapes(at, text)).toEqual(messages);
  });

  it('takes Result itself, a flag that is no boolean, and tests', async () => {
    const text = [
      "import { err, ok } from '../../src-common/result';",
      "import type { Result } from '../../src-common/result';",
      "export const read = (n: number): Result<number, string> => (n > 0 ? ok(n) : err('none'));",
      'export const built = { ok: true, value: 1 };',
      "export const failed = { ok: false, error: 'none' };",
      "export const fixed = { ok: '0', renewalOk: 'N' };",
      'export const words = { ok: 3, steps: 4 };',
      '',
    ].join('\n');
    expect(await shapes('src-main/circulation/x.ts', text)).toEqual([]);
    expect(
      await shapes('test/unit/x.test.ts', 'export const x = { ok: false, reason: "empty" };\n'),
    ).toEqual([]);
  });

  it('names each exception with why, and each still holds a second shape', async () => {
    for (const [file, why] of Object.entries(RESULT_SHAPE_EXCEPTIONS)) {
      expect(why.length, file).toBeGreaterThan(10);
      // Linted at a path the exceptions do not name, so the rule sees the file's text.
      const text = readFileSync(path.join(root, file), 'utf8');
      const found = await shapes('src-main/exception-checked.ts', text);
      // An exception whose file holds no second shape any more is taken off the list.
      expect(found.length, file).toBeGreaterThan(0);
    }
  });
});
