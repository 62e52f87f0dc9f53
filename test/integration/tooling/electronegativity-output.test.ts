import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * `npm run electronegativity` as `npm test` runs it prints its verdict and nothing else: no
 * "Could not retrieve updated translations", no "No connectivity?" from Electronegativity's own
 * network lookups (scripts/electronegativity.ts turns them off at their source), whether or not
 * the machine is online.
 */
describe('npm run electronegativity', () => {
  it('prints one line, its verdict, and nothing on stderr', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/electronegativity.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(
      /^electronegativity: src-main\/ \(Electron [\d.]+\): 0 HIGH, 0 MEDIUM unmarked, \d+ LOW or informational; renderer CSP: no unexplained weakness\n$/,
    );
  }, 60_000);
});
