import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * A barcode's type is made only by its constructor (src-common/barcodes.ts): lint refuses a cast
 * to MemberBarcode or ItemBarcode anywhere else in the product. Each case is a short file linted
 * as if it stood at that path.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../../..') });
const MESSAGE =
  'Make a barcode with memberBarcodeOf or itemBarcodeOf (src-common/barcodes.ts), not a cast.';

async function castRefusals(filePath: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

const IMPORT = "import type { ItemBarcode, MemberBarcode } from '../../src-common/barcodes';\n";

describe('barcode casts', () => {
  it.each([
    ['src-main/circulation/x.ts', 'export const b = (text: string) => text as MemberBarcode;\n'],
    ['src-main/library-client/x.ts', 'export const b = (text: string) => text as ItemBarcode;\n'],
    ['src-main/core/x.ts', 'export const b = (text: string) => <ItemBarcode>text;\n'],
  ])('refuses a cast in %s', async (at, text) => {
    expect(await castRefusals(at, IMPORT + text)).toEqual([MESSAGE]);
  });

  it('leaves the constructor, a type annotation, and the tests', async () => {
    const annotated = IMPORT + 'export function f(memberBarcode: MemberBarcode): string {\n';
    const body = '  return memberBarcode;\n}\n';
    expect(await castRefusals('src-main/circulation/x.ts', annotated + body)).toEqual([]);
    expect(
      await castRefusals(
        'src-common/barcodes.ts',
        IMPORT.replace('../../src-common/barcodes', './x') +
          'export const b = (t: string) => t as MemberBarcode;\n',
      ),
    ).toEqual([]);
    expect(
      await castRefusals(
        'test/support/x.ts',
        IMPORT + 'export const b = (t: string) => t as ItemBarcode;\n',
      ),
    ).toEqual([]);
  });
});
