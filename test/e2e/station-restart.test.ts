import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTART_EXIT_CODE } from '../../src-main/electron/restart';
import { STEP_TIMEOUT_MS, requireCommand, startStationSession } from './station-support';
import type { StationSession } from './station-support';

/** Far longer than the test waits for the second start: a pause would show as a timeout. */
const RESTART_DELAY_S = 120;

/**
 * The settings screen's restart on a station (docs/electron.md, "Restart after a settings
 * change"): the session script, run for real under cage on wlroots' headless backend, starts a
 * stand-in for the Electron kiosk that ends once with the restart status, as main.ts does under
 * KIOSK_SUPERVISED=1, and must start it again at once, not after its restart pause.
 */
describe('station session: the kiosk restarting itself after a settings change', () => {
  let folder: string | undefined;
  let station: StationSession | undefined;

  beforeAll(async () => {
    requireCommand('cage', 'cage xwayland');
    folder = await mkdtemp(path.join(tmpdir(), 'kiosk-stand-in-'));
    await chmod(folder, 0o755);
    const standIn = path.join(folder, 'library-kiosk');
    // Counts its starts in the data folder; the first ends with the restart status.
    await writeFile(
      standIn,
      [
        '#!/bin/sh',
        'count="$KIOSK_DATA_DIR/stand-in-starts"',
        'n=$(( $(cat "$count" 2>/dev/null || echo 0) + 1 ))',
        'echo "$n" >"$count"',
        'echo "stand-in start $n: KIOSK_SUPERVISED=${KIOSK_SUPERVISED:-unset} args: $*" >&2',
        `[ "$n" -eq 1 ] && exit ${RESTART_EXIT_CODE}`,
        'exec sleep 600',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    station = await startStationSession({
      client: { electron: standIn },
      clientArgs: [],
      restartDelay: RESTART_DELAY_S,
    });
  });

  afterAll(async () => {
    await station?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it(
    'starts the kiosk again at once when it ends with the restart status, supervised both times',
    async () => {
      const session = station!;
      const started = Date.now();
      await session.waitFor('second start of the stand-in', () =>
        session.log().includes('stand-in start 2:') ? true : undefined,
      );
      expect(Date.now() - started).toBeLessThan(RESTART_DELAY_S * 1000);
      const log = session.log();
      expect(log).toContain(
        `library-kiosk-session: the client asked for a restart (status ${RESTART_EXIT_CODE}): starting it again now`,
      );
      expect(log).toContain('(start 2)');
      expect(log).not.toContain(`starting it again in ${RESTART_DELAY_S}s`);
      for (const start of [1, 2]) {
        expect(log).toContain(
          `stand-in start ${start}: KIOSK_SUPERVISED=1 args: --ozone-platform=wayland`,
        );
      }
    },
    STEP_TIMEOUT_MS * 2,
  );

  it(
    'stops on SIGTERM with no cage or client left behind',
    async () => {
      const session = station!;
      const left = await session.stop();
      expect(left.map((process) => process.command)).toEqual([]);
      expect(session.log()).toContain('library-kiosk-session: stopped');
    },
    STEP_TIMEOUT_MS,
  );
});
