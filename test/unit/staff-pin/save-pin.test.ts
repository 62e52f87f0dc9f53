import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfSettingsStore } from '../../../src-main/settings/conf-store';
import { verifyStaffPin } from '../../../src-main/staff-pin/hash';
import { saveStaffPin } from '../../../src-main/staff-pin/save-pin';

// The one way a new staff PIN is written (CLI set-pin, Electron --set-pin, the settings screen),
// through the web host's real settings store on a real file.
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-save-pin-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const storeIn = () => createConfSettingsStore({ env: { KIOSK_DATA_DIR: dir } });
const settingsFile = () => path.join(dir, 'settings.json');

describe('saving a new staff PIN', () => {
  it('stores only its hash, keeps every other setting, and returns the hash', async () => {
    const store = storeIn();
    store.save({ kiosk: { branchName: 'Central' } });

    const saved = await saveStaffPin(store, '482913');

    expect(saved.ok).toBe(true);
    const hash = saved.ok ? saved.value : '';
    expect(storeIn().stored()).toEqual({
      kiosk: { branchName: 'Central' },
      staff: { pinHash: hash },
    });
    expect(await verifyStaffPin('482913', hash)).toBe(true);
    expect(await readFile(settingsFile(), 'utf8')).not.toContain('482913');
  });

  it.each(['', '12345', '12a456', '4829134829134'])(
    'refuses %j (not 6 to 12 digits) and writes nothing',
    async (pin) => {
      expect(await saveStaffPin(storeIn(), pin)).toEqual({
        ok: false,
        error: { kind: 'staff.pin-format' },
      });
      await expect(readFile(settingsFile())).rejects.toThrow(/ENOENT/);
    },
  );

  it('gives the settings file error and never writes over a file it cannot read', async () => {
    await writeFile(settingsFile(), '{ not json', { mode: 0o600 });

    const saved = await saveStaffPin(storeIn(), '482913');

    expect(saved).toMatchObject({ ok: false, error: { kind: 'settings-file' } });
    expect(await readFile(settingsFile(), 'utf8')).toBe('{ not json');
  });
});
