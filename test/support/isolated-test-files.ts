/**
 * The test files that replace a module for the code they test (`vi.mock`, `vi.doMock`,
 * `vi.resetModules`, the fake `electron` of test/support/fake-electron.ts): they run in Vitest's
 * `unit-isolated` and `integration-isolated` projects, each file importing the code afresh. Every
 * other unit and integration file runs in the `unit` or `integration` project, whose files share
 * one module graph per worker (`isolate: false`): on 2 cores that took the unit files from about
 * 126 s to 45-60 s and the integration files from about 475 s to 335-360 s (docs/testing.md). A
 * unit test (test/unit/host/test-isolation.test.ts) fails when a file that replaces a module is
 * missing here.
 */
export const ISOLATED_UNIT_FILES = [
  'test/unit/electron/chromium-fetch.test.ts',
  'test/unit/electron/document-dialog.test.ts',
  'test/unit/electron/hung-page.test.ts',
  'test/unit/electron/main.test.ts',
  'test/unit/electron/page-watch.test.ts',
  'test/unit/electron/print-receipt.test.ts',
  'test/unit/electron/secure-storage-protection.test.ts',
  'test/unit/electron/sign-in-view.test.ts',
  'test/unit/host/child-launcher.test.ts',
  'test/unit/vault/electron-journal-key.test.ts',
  'test/unit/vault/electron-sealed-bad-boot.test.ts',
  'test/unit/vault/electron-sealed-entry.test.ts',
  'test/unit/vault/electron-stores-corrupt.test.ts',
  'test/unit/vault/electron-stores.test.ts',
];

export const ISOLATED_INTEGRATION_FILES = [
  'test/integration/fleet/boot-jitter.test.ts',
  'test/integration/reference-service/utility-process-launcher.test.ts',
];
