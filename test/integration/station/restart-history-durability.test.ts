import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  parseStationRestarts,
  STATION_RESTARTS_FILE,
} from '../../../src-main/core/console/diagnostics/station-restarts';
import { powerCuts } from '../../support/crash-points/power-cuts';
import { EARLIER, rememberTraced } from '../../support/crash-points/restart-history-trace';

/**
 * The station session script's restart history through a power cut at any instant of
 * `remember` (docs/offline.md#every-crash-point): the shipped function runs under strace, and
 * every state its system calls could leave on disk is read as the status screen reads it.
 */

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'restart-history-'));
  await writeFile(path.join(dataDir, STATION_RESTARTS_FILE), `${EARLIER.join('\n')}\n`);
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the restart history through a power cut', () => {
  it('keeps every restart it held, and the new one once remember returned', async () => {
    const cuts = await powerCuts(
      dataDir,
      () => rememberTraced(dataDir, 70, 16),
      async (folder) => {
        const text = await readFile(path.join(folder, STATION_RESTARTS_FILE), 'utf8').catch(
          () => '',
        );
        return `${parseStationRestarts(text).length} restarts`;
      },
    );
    expect(new Set(cuts.during)).toEqual(new Set(['3 restarts', '4 restarts']));
    expect(new Set(cuts.after)).toEqual(new Set(['4 restarts']));
  });
});
