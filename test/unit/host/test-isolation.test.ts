import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED_INTEGRATION_FILES, ISOLATED_UNIT_FILES } from '../../support/isolated-test-files';

const root = path.resolve(import.meta.dirname, '../../..');

/** Each test file under `folder` (test/unit, test/integration), relative to the project's root. */
function testFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
    .sort();
}

/** This file names what it looks for, and replaces nothing. */
const THIS_FILE = 'test/unit/host/test-isolation.test.ts';

/** What replaces a module for the code under test, which a shared module graph would leak. */
const REPLACES_MODULES = /\bvi\.(mock|doMock|resetModules|unmock)\(|fake-electron/;

const replacing = (folder: string): string[] =>
  testFiles(folder).filter(
    (file) =>
      file !== THIS_FILE && REPLACES_MODULES.test(readFileSync(path.join(root, file), 'utf8')),
  );

describe('the projects whose files share a module graph', () => {
  it.each([
    ['test/unit', ISOLATED_UNIT_FILES],
    ['test/integration', ISOLATED_INTEGRATION_FILES],
  ])('leave every file under %s that replaces a module to a graph of its own', (folder, listed) => {
    const found = replacing(folder);
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual([...listed].sort());
  });
});
