import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfSettingsStore } from '../../../src-main/settings/conf-store';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-settings-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('conf settings store', () => {
  it('keeps the settings file in KIOSK_DATA_DIR when it is set', () => {
    const store = createConfSettingsStore({ env: { KIOSK_DATA_DIR: dir } });
    expect(store.location).toBe(path.join(dir, 'settings.json'));
  });

  it('persists a saved document and reads it back with defaults applied', () => {
    const env = { KIOSK_DATA_DIR: dir };
    createConfSettingsStore({ env }).save({ kiosk: { branchName: 'Central' } });
    const result = createConfSettingsStore({ env }).load();
    expect(result.ok && result.value.kiosk).toEqual({
      branchName: 'Central',
      defaultLanguage: 'en',
      theme: 'standard',
      scannerPlace: 'unstated',
    });
  });

  it('does not write an invalid document', () => {
    const store = createConfSettingsStore({ env: { KIOSK_DATA_DIR: dir } });
    store.save({ kiosk: { branchName: 'Central' } });
    const result = store.save({ requestTimeoutMs: -1 });
    expect(result.ok).toBe(false);
    expect(store.stored()).toEqual({ kiosk: { branchName: 'Central' } });
  });

  it('never writes environment overrides to the settings file', async () => {
    const store = createConfSettingsStore({
      env: { KIOSK_DATA_DIR: dir, KIOSK_BASE_URL: 'http://127.0.0.1:9/' },
    });
    store.save({ kiosk: { branchName: 'East' } });
    const text = await readFile(store.location, 'utf8');
    expect(text).not.toContain('127.0.0.1:9');
  });

  it('creates the settings file readable by its owner only', async () => {
    const store = createConfSettingsStore({ env: { KIOSK_DATA_DIR: dir } });
    store.save({ kiosk: { branchName: 'North' } });
    expect((await stat(store.location)).mode & 0o777).toBe(0o600);
  });

  it('reports a hand-edited invalid value when loading', async () => {
    await writeFile(
      path.join(dir, 'settings.json'),
      JSON.stringify({ signInPresentation: 'popup' }),
    );
    const result = createConfSettingsStore({ env: { KIOSK_DATA_DIR: dir } }).load();
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'invalid-setting', setting: 'signInPresentation' },
    });
  });
});
