/**
 * The unit test files that replace a module for the code they test (`vi.mock`, `vi.doMock`,
 * `vi.resetModules`, the fake `electron` of test/support/fake-electron.ts): they run in Vitest's
 * `unit-isolated` project, each file importing the code afresh. Every other unit file runs in the
 * `unit` project, whose files share one module graph per worker (`isolate: false`), which took the
 * unit run from about 126 s to about 44 s on 2 cores (docs/performance.md). A unit test
 * (test/unit/host/unit-isolation.test.ts) fails when a file that replaces modules is missing here.
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
