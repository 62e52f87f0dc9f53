import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFleetStateFile } from '../../../src-main/settings/fleet-state-file';
import { powerCuts } from '../../support/crash-points/power-cuts';

/**
 * The fleet state (the version in force) through a power cut at any instant of a write
 * (docs/offline.md#every-crash-point): on a state it cannot read the kiosk stops checking fleet
 * settings, so it may never be left empty or half written; and a version recorded stays so.
 */

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fleet-state-durable-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the fleet state through a power cut', () => {
  it('reads the version in force before or after, and after once it was written', async () => {
    const inForce = (version: number) => ({
      inForce: { version, issuedAt: 'i', appliedAt: 'a', host: 'fleet.example' },
    });
    createFleetStateFile(dataDir).write(inForce(2));
    const cuts = await powerCuts(
      dataDir,
      async () => createFleetStateFile(dataDir).write(inForce(3)),
      async (folder) => {
        const read = createFleetStateFile(folder).read();
        return read.ok ? `version ${read.value.inForce?.version}` : read.error;
      },
    );
    expect(new Set(cuts.during)).toEqual(new Set(['version 2', 'version 3']));
    expect(new Set(cuts.after)).toEqual(new Set(['version 3']));
  });
});
