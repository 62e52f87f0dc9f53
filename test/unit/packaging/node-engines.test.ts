import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The Node version the project needs (README, Prerequisites; docs/decisions.md): every installed
 * package accepts Node 20.19 except the five of Electron's tooling that declare 22.12, which are
 * the only EBADENGINE warnings `npm ci` may print on Node 20. A dependency update that adds one
 * fails here, before it reaches an install.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
// npm's own range rules (semver is in the tree through npm's tooling; no types needed here).
const semver = require('semver') as {
  satisfies(version: string, range: string, options?: { includePrerelease: boolean }): boolean;
};

interface LockPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockPackage>;
};
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
};

/** Installed packages (name@version) whose engines field turns `node` away. */
function refusing(node: string): string[] {
  return Object.entries(lock.packages)
    .filter(([where]) => where.startsWith('node_modules/'))
    .flatMap(([where, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!range || semver.satisfies(node, range, { includePrerelease: true })) return [];
      return [
        `${where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${entry.version}`,
      ];
    })
    .sort();
}

const ELECTRON_TOOLING = [
  '@electron-internal/extract-zip',
  '@electron/get',
  '@electron/rebuild',
  'electron',
  'node-abi',
];

describe('the Node version the project needs', () => {
  it('is 20.19 in package.json, as the README says', () => {
    expect(manifest.engines.node).toBe('>=20.19');
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain(
      '**Node.js 20.19 or later**',
    );
  });

  it('is accepted by every installed package but the five of Electron’s tooling', () => {
    for (const node of ['20.19.0', '20.20.2']) {
      const names = refusing(node).map((entry) => entry.slice(0, entry.lastIndexOf('@')));
      expect([...new Set(names)].sort(), node).toEqual(ELECTRON_TOOLING);
    }
  });

  it('quiets the install on Node 22.13 and later, as the README promises', () => {
    // Not 22.12, which Electron's tooling asks for: ESLint 10 takes Node 22 from 22.13.
    for (const node of ['22.13.0', '24.0.0']) expect(refusing(node), node).toEqual([]);
  });
});
