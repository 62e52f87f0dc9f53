import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layers as lint enforces them (eslint.config.js, docs/decisions.md "Layers"): each case is a
 * one-line file linted as if it stood at that path, so a rule that stops biting fails here.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../../..') });

async function importRules(filePath: string, line: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${line}\nvoid x;\n`, { filePath });
  return (result?.messages ?? [])
    .map((message) => message.ruleId ?? message.message)
    .filter((rule) => /restricted-(imports|syntax)/.test(rule));
}

const cases: { at: string; line: string; refused: boolean }[] = [
  // The renderer imports only the common layer, and the contract's schemas only as types.
  {
    at: 'src-renderer/patron/x.ts',
    line: "import { x } from '../../src-main/core/kiosk-core';",
    refused: true,
  },
  {
    at: 'src-renderer/patron/x.ts',
    line: "import type { x } from '../../src-main/core/kiosk-core';",
    refused: true,
  },
  {
    at: 'src-renderer/patron/x.ts',
    line: "import type { x } from '../../src-main/ipc/choke-point';",
    refused: true,
  },
  {
    at: 'src-renderer/patron/x.ts',
    line: "import { x } from '../../src-shared/loopback';",
    refused: true,
  },
  {
    at: 'src-renderer/patron/x.ts',
    line: "import { x } from '../../src-common/result';",
    refused: false,
  },
  {
    at: 'src-renderer/patron/x.ts',
    line: "import { x } from '../../src-common/ipc/contract';",
    refused: true,
  },
  {
    at: 'src-renderer/patron/x.ts',
    line: "import type { x } from '../../src-common/ipc/contract';",
    refused: false,
  },
  {
    at: 'src-renderer/staff/members/x.ts',
    line: "import { x } from '../../../src-common/member-rules';",
    refused: false,
  },
  // The common layer imports only zod and itself: no other layer, no Node, no Electron.
  {
    at: 'src-common/ipc/x.ts',
    line: "import { x } from '../../src-main/settings/schema';",
    refused: true,
  },
  {
    at: 'src-common/ipc/x.ts',
    line: "import { x } from '../../src-shared/loopback';",
    refused: true,
  },
  { at: 'src-common/ipc/x.ts', line: "import { x } from 'node:fs';", refused: true },
  { at: 'src-common/ipc/x.ts', line: "import { x } from 'electron';", refused: true },
  { at: 'src-common/ipc/x.ts', line: "import { x } from './patron';", refused: false },
  // Platform uses common and shared only; the domain uses common, platform and itself, no host.
  {
    at: 'src-main/platform/x.ts',
    line: "import { x } from '../../src-common/ipc/contract';",
    refused: false,
  },
  { at: 'src-main/platform/x.ts', line: "import { x } from '../vault/vault';", refused: true },
  {
    at: 'src-main/circulation/x.ts',
    line: "import { x } from '../../src-common/ipc/contract';",
    refused: false,
  },
  {
    at: 'src-main/circulation/x.ts',
    line: "import { x } from '../host/bootstrap';",
    refused: true,
  },
  { at: 'src-main/circulation/x.ts', line: "import { x } from 'electron';", refused: true },
  ...floorCases(),
];

/**
 * The domain's floors (eslint.config.js, DOMAIN_FLOORS): each folder's rule refuses an import of
 * a folder beside it or above it, and lets through one below it.
 */
function floorCases(): { at: string; line: string; refused: boolean }[] {
  const refuse = (folder: string, target: string) => ({
    at: `src-main/${folder}/x.ts`,
    line: `import { x } from '../${target}';`,
    refused: true,
  });
  const allow = (folder: string, target: string) => ({ ...refuse(folder, target), refused: false });
  return [
    refuse('library', 'library-client/client'),
    refuse('library', 'scanner/settings-schema'),
    allow('library', 'library/values'),
    refuse('scanner', 'settings/schema'),
    refuse('metrics', 'library-client/errors'),
    refuse('metrics', 'vault/vault'),
    allow('metrics', 'library/library-error'),
    refuse('vault', 'circulation/journal/journal-key'),
    allow('vault', 'platform/key-file'),
    refuse('library-client', 'settings/schema'),
    refuse('library-client', 'auth/staff-auth'),
    refuse('library-client', 'circulation/circulation-port'),
    allow('library-client', 'metrics/kiosk-metrics'),
    refuse('settings', 'auth/token-binding'),
    allow('settings', 'library-client/reader/field-map-schema'),
    refuse('auth', 'circulation/circulation-port'),
    allow('auth', 'library-client/client'),
    refuse('circulation', 'auth/staff-auth'),
    refuse('circulation', 'core/kiosk-core'),
    allow('circulation', 'settings/schema'),
    refuse('speech', 'staff-pin/pin'),
    refuse('staff-pin', 'speech/engine'),
    allow('core', 'ipc/choke-point'),
    refuse('ipc', 'core/staff-mode'),
    allow('core', 'circulation/circulation-port'),
    refuse('ipc', 'core/kiosk-core'),
    {
      at: 'src-main/library-client/sip2/x.ts',
      line: "import { x } from '../../circulation/circulation-port';",
      refused: true,
    },
  ];
}

describe('lint keeps the layers', () => {
  it.each(cases)('$at: $line (refused: $refused)', async ({ at, line, refused }) => {
    const rules = await importRules(at, line);
    expect(rules.length > 0, rules.join(', ')).toBe(refused);
  });
});
