import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStandIn, standIn as electron } from '../../support/electron-store-stand-in';
import { captureLogs } from '../../support/log-capture';

// Electron cannot run here: the stand-in's safeStorage and electron-store over the real conf.
vi.mock('electron', async () =>
  (await import('../../support/electron-store-stand-in')).electronModule(),
);
vi.mock('electron-store', async () =>
  (await import('../../support/electron-store-stand-in')).electronStoreModule(),
);

const { createSafeStorageJournalKey } =
  await import('../../../src-main/electron/safe-storage-journal-key');
const { JOURNAL_KEY_STORE, safeStorageFiles } =
  await import('../../../src-main/electron/safe-storage-entry');

let umask: number;

beforeEach(() => {
  resetStandIn(mkdtempSync(path.join(os.tmpdir(), 'kiosk-userdata-')));
  umask = process.umask(0);
});

afterEach(() => {
  process.umask(umask);
  rmSync(electron.userData, { recursive: true, force: true });
});

const open = () => createSafeStorageJournalKey({ allowBasicTextEncryption: false });

describe("the offline journal's key in Electron", () => {
  it('makes a 32-byte key when asked to, sealed in a 0600 store the start-up check knows', async () => {
    const made = await (await open()).load({ create: true });
    expect(made.ok && made.value.length).toBe(32);
    const file = path.join(electron.userData, `${JOURNAL_KEY_STORE.name}.json`);
    expect(safeStorageFiles().map((entry) => entry.path)).toContain(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Sealed: the key's bytes are not in the file.
    expect(made.ok && readFileSync(file).includes(made.value.toString('base64'))).toBe(false);
  });

  it('gives the same key back after a restart', async () => {
    const made = await (await open()).load({ create: true });
    expect(await (await open()).load({ create: false })).toEqual(made);
  });

  it('makes no key when the journal needs its old one', async () => {
    expect(await (await open()).load({ create: false })).toEqual({
      ok: false,
      error: { kind: 'key-missing' },
    });
  });

  it('never replaces a key safeStorage cannot open', async () => {
    const made = await (await open()).load({ create: true });
    electron.decryptFails = true;
    const logs = captureLogs('warn');
    const reopened = await (await open()).load({ create: true }).finally(() => logs.restore());
    expect(reopened).toEqual({ ok: false, error: { kind: 'key-unreadable' } });
    expect(logs.lines()).toEqual(['warn vault:safe-storage: offline journal key unreadable']);
    electron.decryptFails = false;
    expect(await (await open()).load({ create: false })).toEqual(made);
  });
});
