import { defineConfig } from 'vitest/config';

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
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          env: { KIOSK_LOG_LEVEL: 'error' },
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
