import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTART_EXIT_CODE } from '../../src-main/electron/restart';
import { STEP_TIMEOUT_MS, requireCommand, startStationSession } from './station-support';
import type { StationSession } from './station-support';

/** The session's pause between a client's end and its next start (KIOSK_RESTART_DELAY). */
const RESTART_DELAY_S = 4;

/**
 * The settings screen's restart on a station (docs/electron.md, "Restart after a settings
 * change"): the session script, run for real under cage on wlroots' headless backend, starts a
 * stand-in for the Electron kiosk that ends with the restart status, as main.ts does under
 * KIOSK_SUPERVISED=1, and must start it again at once, not after its restart pause; but not twice
 * in a row.
 */
describe('station session: the kiosk restarting itself after a settings change', () => {
  let folder: string | undefined;
  let station: StationSession | undefined;

  beforeAll(async () => {
    requireCommand('cage', 'cage xwayland');
    folder = await mkdtemp(path.join(tmpdir(), 'kiosk-stand-in-'));
    await chmod(folder, 0o755);
    const standIn = path.join(folder, 'library-kiosk');
    // Counts its starts in the data folder and logs each with the time in ms; the first two end
    // with the restart status, as a kiosk asking at every start would.
    await writeFile(
      standIn,
      [
        '#!/bin/sh',
        'count="$KIOSK_DATA_DIR/stand-in-starts"',
        'n=$(( $(cat "$count" 2>/dev/null || echo 0) + 1 ))',
        'echo "$n" >"$count"',
        'echo "stand-in start $n at $(date +%s%3N) ms: KIOSK_SUPERVISED=${KIOSK_SUPERVISED:-unset} args: $*" >&2',
        `[ "$n" -le 2 ] && exit ${RESTART_EXIT_CODE}`,
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

  /** When the stand-in started the nth time, in ms, from its line in the session's log. */
  function startedAt(log: string, n: number): number {
    const found = new RegExp(`stand-in start ${n} at (\\d+) ms`).exec(log);
    if (!found) throw new Error(`no start ${n} in the log:\n${log}`);
    return Number(found[1]);
  }

  it(
    'starts the kiosk again at once when it ends with the restart status, supervised each time',
    async () => {
      const session = station!;
      await session.waitFor('third start of the stand-in', () =>
        session.log().includes('stand-in start 3 ') ? true : undefined,
      );
      const log = session.log();
      // The first request: at once, well inside the pause.
      expect(startedAt(log, 2) - startedAt(log, 1)).toBeLessThan((RESTART_DELAY_S * 1000) / 2);
      expect(log).toContain(
        `library-kiosk-session: the client asked for a restart (status ${RESTART_EXIT_CODE}): starting it again now`,
      );
      // A second request straight after: the usual pause, never a tight loop.
      expect(startedAt(log, 3) - startedAt(log, 2)).toBeGreaterThanOrEqual(RESTART_DELAY_S * 1000);
      expect(log).toContain(`cage ended with status 0; starting it again in ${RESTART_DELAY_S}s`);
      expect(log).toContain('(start 3)');
      for (const start of [1, 2, 3]) {
        expect(log).toMatch(
          new RegExp(
            `stand-in start ${start} at \\d+ ms: KIOSK_SUPERVISED=1 args: --ozone-platform=wayland`,
          ),
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
