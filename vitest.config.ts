import { defineConfig } from 'vitest/config';

/**
 * E2E files whose kiosk never takes a keyboard-wedge scan (staff screens, the station, the
 * attract and demo screens). They run beside the unit and integration tests (scripts/
 * run-test-phases.js): the wedge detector reads key timing, and a patron walk typing a scan while
 * another Chromium loads the two cores can have its keys spaced out into "typing".
 * test/unit/testing/e2e-desk-files.test.ts checks that none of them scans.
 */
export const E2E_DESK_FILES = [
  'test/e2e/staff-*.test.ts',
  'test/e2e/station-*.test.ts',
  'test/e2e/demo-*.test.ts',
  'test/e2e/attract.test.ts',
  'test/e2e/page-heartbeat.test.ts',
  'test/e2e/configured-service.test.ts',
];

const e2e = {
  environment: 'node',
  env: { KIOSK_LOG_LEVEL: 'error' },
  testTimeout: 60_000,
  hookTimeout: 90_000,
  fileParallelism: false,
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // Through Vitest's module graph, so that it imports the fake `electron` of the tests
          // that run the Electron glue (test/support/fake-electron.ts), not the real package.
          server: { deps: { inline: ['electron-store'] } },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          // Expected warnings only; unit tests that assert on logs capture them at debug level.
          env: { KIOSK_LOG_LEVEL: 'error' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { ...e2e, name: 'e2e-desk', include: E2E_DESK_FILES } },
      {
        test: {
          ...e2e,
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: E2E_DESK_FILES,
        },
      },
    ],
  },
});
