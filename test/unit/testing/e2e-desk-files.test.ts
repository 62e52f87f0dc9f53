import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { E2E_DESK_FILES } from '../../../vitest.config';

/**
 * The `e2e-desk` project's files run beside the unit and integration tests, on loaded cores
 * (scripts/run-test-phases.js): none may type a keyboard-wedge scan, whose detection reads key
 * timing. A file that starts scanning belongs with the patron files, which run alone.
 */

const ROOT = path.resolve(__dirname, '../../..');

/** The project's globs use `*` within a file name only. */
function matches(glob: string, file: string): boolean {
  const pattern = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${pattern}$`).test(file);
}

/** What in a test's text types a wedge scan: the scan helpers, or a soak lane that scans. */
function typesAScan(text: string): boolean {
  return /\bscan\(|typeAsScanner|soak\/lanes/.test(text);
}

const deskFiles = readdirSync(path.join(ROOT, 'test/e2e'))
  .map((name) => `test/e2e/${name}`)
  .filter((file) => E2E_DESK_FILES.some((glob) => matches(glob, file)));

describe('the E2E files that run beside the other tests', () => {
  it('are found (so that a renamed folder fails here, not silently)', () => {
    expect(deskFiles.length).toBeGreaterThanOrEqual(15);
    expect(deskFiles).toContain('test/e2e/staff-settings.test.ts');
    expect(deskFiles).not.toContain('test/e2e/patron-checkout.test.ts');
  });

  it('tells a file that scans from one that does not', () => {
    expect(typesAScan('await scan(kiosk, CARDS.canBorrow);')).toBe(true);
    expect(typesAScan("await typeAsScanner(page, '31234000012342');")).toBe(true);
    expect(typesAScan("'Demo cards (tap one to scan it):'")).toBe(false);
    expect(
      readdirSync(path.join(ROOT, 'test/e2e')).some((name) =>
        typesAScan(readFileSync(path.join(ROOT, 'test/e2e', name), 'utf8')),
      ),
    ).toBe(true);
  });

  it.each(deskFiles.map((file) => [file]))('%s types no wedge scan', (file) => {
    expect(typesAScan(readFileSync(path.join(ROOT, file), 'utf8'))).toBe(false);
  });
});
