import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED_UNIT_FILES } from '../../support/isolated-unit-files';

const root = path.resolve(import.meta.dirname, '../../..');

/** Each unit test file under test/unit, relative to the project's root. */
function unitFiles(): string[] {
  return readdirSync(path.join(root, 'test/unit'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.posix.join('test/unit', file.split(path.sep).join('/')))
    .sort();
}

/** This file names what it looks for, and replaces nothing. */
const THIS_FILE = 'test/unit/host/unit-isolation.test.ts';

/** What replaces a module for the code under test, which a shared module graph would leak. */
const REPLACES_MODULES = /\bvi\.(mock|doMock|resetModules|unmock)\(|fake-electron/;

describe("the unit projects' split", () => {
  it('runs every unit file that replaces a module in a module graph of its own', () => {
    const replacing = unitFiles().filter(
      (file) =>
        file !== THIS_FILE && REPLACES_MODULES.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(replacing.length).toBeGreaterThan(0);
    expect(replacing).toEqual([...ISOLATED_UNIT_FILES].sort());
  });
});
