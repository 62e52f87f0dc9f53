import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README's documentation index is grouped by who reads it, and every page in docs/ can be
 * found from it: linked there, or from a page linked there (the staff console's own pages).
 */

const ROOT = path.resolve(__dirname, '../../..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const index = readme.slice(
  readme.indexOf('## Documentation\n'),
  readme.indexOf('\n## ', readme.indexOf('## Documentation\n') + 1),
);

const linksIn = (text: string, prefix: string): string[] =>
  [...text.matchAll(/\]\(([^)#\s]+\.md)(?:#[^)]*)?\)/g)].map((m) => path.normalize(prefix + m[1]));

describe("the README's documentation index", () => {
  it('groups the pages by audience', () => {
    const groups = [...index.matchAll(/^\*\*(.+)\*\*$/gm)].map((m) => m[1]);
    expect(groups).toEqual([
      'Using the kiosk: patrons and staff at the branch',
      'Running stations and fleets: library IT',
      "Connecting to a library's system: integrators",
      'Working on the kiosk: developers',
    ]);
  });

  it('reaches every page in docs/, directly or through a page it links', () => {
    const direct = new Set(linksIn(index, ''));
    const reached = new Set(direct);
    for (const page of direct) {
      const text = readFileSync(path.join(ROOT, page), 'utf8');
      for (const link of linksIn(text, 'docs/')) reached.add(link);
    }
    const pages = readdirSync(path.join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`);
    expect(pages.filter((page) => !reached.has(page))).toEqual([]);
    expect([...direct].filter((page) => !pages.includes(page))).toEqual([]);
  });

  it('keeps dated measurements on the performance page, not in the testing guide', () => {
    const testing = readFileSync(path.join(ROOT, 'docs/testing.md'), 'utf8');
    const performance = readFileSync(path.join(ROOT, 'docs/performance.md'), 'utf8');
    expect(testing.match(/\b20\d\d-\d\d-\d\d\b/g) ?? []).toEqual([]);
    for (const heading of [
      "## The test suite's own time",
      '## Patron flow benchmark',
      '## Offline store and forward',
      '## The recording seam',
      '## Malformed answers and the answer cap',
    ]) {
      expect(performance).toContain(`\n${heading}\n`);
    }
  });
});
