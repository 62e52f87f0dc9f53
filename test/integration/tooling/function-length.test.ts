import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * No function of the programs over 150 lines (eslint.config.js, functionLength): a function of
 * the given length, blank lines and comments beside it, linted as if it stood at each path.
 */
const root = path.resolve(import.meta.dirname, '../../..');
// The config's own figures, so a test and the rule cannot disagree (a path TypeScript leaves alone).
const configPath = path.join(root, 'eslint.config.js');
const { LONG_FUNCTION_EXCEPTIONS, MAX_FUNCTION_LINES } = (await import(configPath)) as {
  LONG_FUNCTION_EXCEPTIONS: Record<string, string>;
  MAX_FUNCTION_LINES: number;
};
const eslint = new ESLint({ cwd: root });

/** A function `lines` long from its first line to its last, with a blank line and a comment. */
function functionOf(lines: number): string {
  const body = Array.from({ length: lines - 2 }, (_, index) => `  void ${index};`);
  return ['export function long(): void {', ...body, '}', '', '// A comment.', ''].join('\n');
}

async function lengthRule(filePath: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'max-lines-per-function')
    .map((message) => message.message);
}

describe('function length', () => {
  it('counts to 150', () => {
    expect(MAX_FUNCTION_LINES).toBe(150);
  });

  for (const at of [
    'src-main/circulation/x.ts',
    'src-main/host/x.ts',
    'src-reference-service/x.ts',
    'src-shared/x.ts',
    'src-common/x.ts',
    'src-renderer/staff/x.ts',
  ]) {
    it(`refuses a 151-line function in ${at} and takes a 150-line one`, async () => {
      expect(await lengthRule(at, functionOf(151))).toEqual([
        "Function 'long' has too many lines (151). Maximum allowed is 150.",
      ]);
      expect(await lengthRule(at, functionOf(150))).toEqual([]);
    });
  }

  it('does not count blank lines and comments', async () => {
    const lines = functionOf(150).split('\n');
    lines.splice(1, 0, '', '  // why', '  /* and more */', '');
    expect(await lengthRule('src-main/circulation/x.ts', lines.join('\n'))).toEqual([]);
  });

  it('names each exception with why, and each is still over the limit', async () => {
    const strict = new ESLint({
      cwd: root,
      overrideConfig: {
        rules: {
          'max-lines-per-function': [
            'error',
            { max: MAX_FUNCTION_LINES, skipBlankLines: true, skipComments: true, IIFEs: true },
          ],
        },
      },
    });
    for (const [file, why] of Object.entries(LONG_FUNCTION_EXCEPTIONS)) {
      expect(why.length, file).toBeGreaterThan(10);
      const [result] = await strict.lintFiles([path.join(root, file)]);
      const long = (result?.messages ?? []).filter(
        (message) => message.ruleId === 'max-lines-per-function',
      );
      // An exception whose file has no long function left is taken off the list.
      expect(long.length, file).toBeGreaterThan(0);
    }
  });
});
