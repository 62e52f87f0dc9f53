import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** axe-core's build for pages: `source` is the script that defines `window.axe`. */
const axe = createRequire(import.meta.url)('axe-core') as { source: string };

/** One rule the page breaks, with the elements that break it (their selectors). */
export interface AxeViolation {
  id: string;
  help: string;
  targets: string[];
}

/**
 * What axe-core finds wrong with the page as it stands, by its default rules. The library is put
 * into a document once and stays there for the checks that follow: it is half a megabyte of
 * script, which took about half a second to send and compile, where a check itself takes about
 * 0.1 s; @axe-core/playwright compiled it twice a check (once in the page and once in a blank page
 * it opened to finish the run). A navigation starts a new document, which gets its own copy. The kiosk's pages have
 * no frames, so the one document is the whole page.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Page-side code as strings: the tests are type-checked without the DOM library.
  if (!(await page.evaluate('typeof window.axe?.run === "function"'))) {
    await page.evaluate(axe.source);
  }
  return page.evaluate(`axe
    .run(document, { resultTypes: ['violations'] })
    .then((results) => results.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    })))`);
}

/** No axe-core violation on the page; a failure names each rule broken and what breaks it. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.help} (${violation.targets.join(', ')})`,
    ),
  ).toEqual([]);
}
