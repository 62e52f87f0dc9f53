import { configDefaults, defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import {
  ISOLATED_INTEGRATION_FILES,
  ISOLATED_UNIT_FILES,
} from './test/support/isolated-test-files';

/** What both unit projects share: Node, the log guard, a hang stop and the inlined store. */
const unitTest: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  setupFiles: ['test/support/log-guard.ts'],
  // A stop for a hung test, not a speed check: at a load of 15-20 on two cores, cases that
  // hash PINs with scrypt, import the Electron glue cold or validate electron-builder's
  // schema went past Vitest's default 5 s while taking under a second on an idle machine.
  testTimeout: 20_000,
  // Through Vitest's module graph, so that it imports the fake `electron` of the tests
  // that run the Electron glue (test/support/fake-electron.ts), not the real package.
  server: { deps: { inline: ['electron-store'] } },
};

/** What both integration projects share. */
const integrationTest: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  setupFiles: ['test/support/log-guard.ts'],
  // Expected warnings only; unit tests that assert on logs capture them at debug level.
  env: { KIOSK_LOG_LEVEL: 'error' },
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...unitTest,
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ISOLATED_UNIT_FILES],
          // The files of a worker share one module graph: the code under test is imported once
          // per worker, not once per file (docs/testing.md). Files that replace a module run in
          // unit-isolated.
          isolate: false,
        },
      },
      {
        test: {
          ...unitTest,
          name: 'unit-isolated',
          include: ISOLATED_UNIT_FILES,
        },
      },
      {
        test: {
          ...integrationTest,
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ISOLATED_INTEGRATION_FILES],
          // As in unit: the files of a worker share one module graph.
          isolate: false,
        },
      },
      {
        test: {
          ...integrationTest,
          name: 'integration-isolated',
          include: ISOLATED_INTEGRATION_FILES,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // One Chromium for the run, each file connecting to it (test/e2e/chromium-server.ts).
          globalSetup: ['test/e2e/chromium-server.ts'],
          setupFiles: ['test/support/log-guard.ts', 'test/e2e/setup.ts'],
          env: { KIOSK_LOG_LEVEL: 'error' },
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
          // The files share one process and its module graph: the core, the reference service and
          // Playwright are imported once for the run, not once per file (docs/testing.md).
          isolate: false,
        },
      },
    ],
  },
});
