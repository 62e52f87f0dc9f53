import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The names issue 38 retired (docs/naming.md) as lint refuses them: each case is a short file
 * linted as if it stood at that path, so a rule that stops biting, or bites a right name, fails here.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../../..') });

async function oldNames(filePath: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'names/old-names')
    .map((message) => message.message);
}

describe('names/old-names', () => {
  it.each([
    [
      'src-main/core/x.ts',
      "import type { ServiceClient } from '../library-client/client';\nexport type X = ServiceClient;\n",
      "'ServiceClient' is called 'RestLibraryClient' now (docs/naming.md).",
    ],
    [
      'src-main/host/x.ts',
      'export const client = createServiceClient();\n',
      "'createServiceClient' is called 'createRestLibraryClient' now (docs/naming.md).",
    ],
    [
      'test/unit/x.test.ts',
      'export function f(error: ServiceError): ServiceResult<number> { return error; }\n',
      "'ServiceError' is called 'LibraryError' now (docs/naming.md).",
    ],
    [
      'src-main/speech/x.ts',
      'export interface SpeechService { say(): void }\n',
      "'SpeechService' is called 'KioskVoice' now (docs/naming.md).",
    ],
    [
      'src-main/cli/x.ts',
      'export const run = () => withService(1);\n',
      "'withService' is called 'withStaffClient' now (docs/naming.md).",
    ],
    [
      'src-main/circulation/x.ts',
      'export const state = { outOfServiceHint: true };\n',
      "'outOfServiceHint' is called 'signedOutHint' now (docs/naming.md).",
    ],
    [
      'src-renderer/patron/x.svelte',
      '<script lang="ts">\n  const outOfService = true;\n</script>\n\n<p>{outOfService}</p>\n',
      "'outOfService' is called 'signedOut' now (docs/naming.md).",
    ],
  ])('refuses the old name in %s', async (at, text, message) => {
    expect(await oldNames(at, text)).toContain(message);
  });

  it('leaves the names of today, longer names that contain an old one, strings and comments', async () => {
    const text = [
      "import type { RestLibraryClient } from '../library-client/client';",
      '// A ServiceClient was the old name; the message id is attract.outOfService.',
      "export const id = 'attract.outOfService';",
      'export const word = "ServiceError";',
      'export type BlobServiceClient = RestLibraryClient;',
      'export const signedOut = true;',
      '',
    ].join('\n');
    expect(await oldNames('src-main/core/x.ts', text)).toEqual([]);
  });
});
