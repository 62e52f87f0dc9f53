import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfSettingsStore } from '../../../src-main/settings/conf-store';
import { powerCuts } from '../../support/crash-points/power-cuts';

/**
 * The settings file through a power cut at any instant of a save
 * (docs/offline.md#every-crash-point): the kiosk refuses to start on a settings file it cannot
 * read, so it may never be left empty or half written; and what staff saw saved stays saved.
 */

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'settings-durable-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const settingsIn = (folder: string) =>
  createConfSettingsStore({ directory: folder, env: { KIOSK_DATA_DIR: folder } });

describe('the settings file through a power cut', () => {
  it('opens with the old settings or the new, and the new once the save returned', async () => {
    settingsIn(dataDir).save({ kiosk: { branchName: 'Central' } });
    const cuts = await powerCuts(
      dataDir,
      async () => settingsIn(dataDir).save({ kiosk: { branchName: 'North' } }),
      async (folder) => {
        const loaded = settingsIn(folder).load();
        return loaded.ok ? loaded.value.kiosk.branchName : `refused: ${loaded.error.kind}`;
      },
    );
    expect(new Set(cuts.during)).toEqual(new Set(['Central', 'North']));
    expect(new Set(cuts.after)).toEqual(new Set(['North']));
  });
});
