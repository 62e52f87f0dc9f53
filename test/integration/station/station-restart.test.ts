import { chmod, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTART_EXIT_CODE } from '../../../src-main/electron/restart';
import {
  EXIT_PAGE_KEEPS_CRASHING,
  STATION_RESTARTS_FILE,
  parseStationRestarts,
} from '../../../src-main/core/console/diagnostics/station-restarts';
import {
  STEP_TIMEOUT_MS,
  requireCommand,
  startStationSession,
} from '../../support/station-support';
import type { StationSession } from '../../support/station-support';

/** When the stand-in started the nth time, in ms, from its line in the session's log. */
function startedAt(log: string, n: number): number {
  const found = new RegExp(`stand-in start ${n} at (\\d+) ms`).exec(log);
  if (!found) throw new Error(`no start ${n} in the log:\n${log}`);
  return Number(found[1]);
}

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
      expect(log).toMatch(
        new RegExp(
          `cage ended with status 0 \\(the client's: ${RESTART_EXIT_CODE}\\) after \\d+s; starting it again in ${RESTART_DELAY_S}s`,
        ),
      );
      expect(log).toContain(`(start 2, after status ${RESTART_EXIT_CODE} and no pause)`);
      expect(log).toContain(
        `(start 3, after status ${RESTART_EXIT_CODE} and a ${RESTART_DELAY_S}s pause)`,
      );
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

/** The restart policy's numbers for this test (KIOSK_RESTART_DELAY, _MAX, _RESET), in seconds. */
const POLICY = { delay: 1, max: 3, reset: 3 };
/** What a start may add to a pause on two loaded cores: cage's end and start, the stand-in's. */
const START_SLACK_MS = 2000;
/** A history line as the session script writes it. */
const HISTORY_LINE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \d+ \d+(\.\d+)?$/;

/**
 * The restart policy (docs/deployment.md, "When the kiosk keeps ending"): the session script under
 * cage with a stand-in that fails at once four times (the Electron kiosk's crash-loop status),
 * then asks for a restart, then runs longer than KIOSK_RESTART_RESET and fails again. The pauses
 * double up to the cap, the request is answered at once, the long run starts the pauses over, and
 * the history in the data folder holds each failure in order, whole at every moment.
 */
describe('station session: the restart policy when the kiosk keeps ending', () => {
  let folder: string | undefined;
  let station: StationSession | undefined;
  /** Every distinct content the history file was seen with, in order. */
  const seen: string[] = [];
  let watch: NodeJS.Timeout | undefined;

  beforeAll(async () => {
    requireCommand('cage', 'cage xwayland');
    folder = await mkdtemp(path.join(tmpdir(), 'kiosk-stand-in-'));
    await chmod(folder, 0o755);
    const standIn = path.join(folder, 'library-kiosk');
    await writeFile(
      standIn,
      [
        '#!/bin/sh',
        'count="$KIOSK_DATA_DIR/stand-in-starts"',
        'n=$(( $(cat "$count" 2>/dev/null || echo 0) + 1 ))',
        'echo "$n" >"$count"',
        'echo "stand-in start $n at $(date +%s%3N) ms" >&2',
        `[ "$n" -le 4 ] && exit ${EXIT_PAGE_KEEPS_CRASHING}`,
        `[ "$n" -eq 5 ] && exit ${RESTART_EXIT_CODE}`,
        `[ "$n" -eq 6 ] && sleep ${POLICY.reset + 1} && exit ${EXIT_PAGE_KEEPS_CRASHING}`,
        'exec sleep 600',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    station = await startStationSession({
      client: { electron: standIn },
      clientArgs: [],
      restartDelay: POLICY.delay,
      environment: {
        KIOSK_RESTART_DELAY_MAX: String(POLICY.max),
        KIOSK_RESTART_RESET: String(POLICY.reset),
      },
    });
    const file = path.join(station.dataDir, STATION_RESTARTS_FILE);
    // One read at a time: two reads in flight on a loaded machine could end out of order and
    // record a shorter content after a longer one (seen once: 3 lines, then 2).
    let reading = false;
    watch = setInterval(() => {
      if (reading) return;
      reading = true;
      readFile(file, 'utf8')
        .then(
          (text) => {
            if (text !== seen.at(-1)) seen.push(text);
          },
          () => undefined,
        )
        .finally(() => {
          reading = false;
        });
    }, 20);
  });

  afterAll(async () => {
    clearInterval(watch);
    await station?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it(
    'doubles the pause after quick failures up to the cap, restarts at once on request, and starts over after a long run',
    async () => {
      const session = station!;
      await session.waitFor('seventh start of the stand-in', () =>
        session.log().includes('stand-in start 7 ') ? true : undefined,
      );
      const log = session.log();
      // The policy's own numbers, as the script logs them: 1, 2, 3 (4 capped), 3; none for the
      // request; 1 again after the run longer than the reset.
      const pauses = [...log.matchAll(/starting it again in (\S+)s/g)].map((found) => found[1]);
      expect(pauses).toEqual(['1', '2', '3', '3', '1']);
      expect(log).toContain(
        `the client asked for a restart (status ${RESTART_EXIT_CODE}): starting it again now`,
      );
      const starts = [...log.matchAll(/\(start (\d+)(, [^)]*)?\)/g)].map((found) => found[0]);
      expect(starts).toEqual([
        '(start 1)',
        `(start 2, after status ${EXIT_PAGE_KEEPS_CRASHING} and a 1s pause)`,
        `(start 3, after status ${EXIT_PAGE_KEEPS_CRASHING} and a 2s pause)`,
        `(start 4, after status ${EXIT_PAGE_KEEPS_CRASHING} and a 3s pause)`,
        `(start 5, after status ${EXIT_PAGE_KEEPS_CRASHING} and a 3s pause)`,
        '(start 6, after status 75 and no pause)',
        `(start 7, after status ${EXIT_PAGE_KEEPS_CRASHING} and a 1s pause)`,
      ]);
      expect(log).toMatch(
        new RegExp(
          `the client's: ${EXIT_PAGE_KEEPS_CRASHING}\\) after [4-9]s; starting it again in 1s`,
        ),
      );

      // Measured between the stand-in's starts: each gap holds its whole pause, and not the
      // next longer one the policy would give without its cap or its reset.
      const gap = (n: number): number => startedAt(log, n + 1) - startedAt(log, n);
      for (const [n, pause] of [
        [1, 1],
        [2, 2],
        [3, 3],
        [4, 3],
      ] as const) {
        expect(gap(n), `gap after start ${n}`).toBeGreaterThanOrEqual(pause * 1000 - 50);
        expect(gap(n), `gap after start ${n}`).toBeLessThan(pause * 1000 + START_SLACK_MS);
      }
      // The request: well inside the 3 s pause a failure would have got.
      expect(gap(5)).toBeLessThan(POLICY.max * 1000);
      // After the long run: the first pause again (the run itself is in the gap).
      expect(gap(6)).toBeGreaterThanOrEqual((POLICY.reset + 1 + POLICY.delay) * 1000 - 50);
      expect(gap(6)).toBeLessThan((POLICY.reset + 1 + POLICY.delay) * 1000 + START_SLACK_MS);
    },
    STEP_TIMEOUT_MS * 2,
  );

  it('keeps each failure in the history in order, whole after every write', async () => {
    const session = station!;
    const text = await readFile(path.join(session.dataDir, STATION_RESTARTS_FILE), 'utf8');
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    const entries = parseStationRestarts(text);
    expect(entries.map(({ status, pauseSeconds }) => [status, pauseSeconds])).toEqual(
      [1, 2, 3, 3, 1].map((pause) => [EXIT_PAGE_KEEPS_CRASHING, pause]),
    );
    // The kiosk's own file, read by group by the web host (another user in the kiosk group, on a
    // Chromium station) and by nobody else; no temporary file left beside it.
    const file = path.join(session.dataDir, STATION_RESTARTS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o640);
    const left = await readdir(session.dataDir);
    expect(left.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const times = entries.map(({ at }) => at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Every content seen while the session wrote: whole lines only, one more each time.
    expect(seen.length).toBeGreaterThanOrEqual(2);
    seen.forEach((content, index) => {
      expect(content.endsWith('\n'), `write ${index + 1} ends with a newline`).toBe(true);
      const contentLines = content.trimEnd().split('\n');
      for (const line of contentLines) expect(line).toMatch(HISTORY_LINE);
      if (index > 0) {
        expect(contentLines.length).toBe(seen[index - 1]!.trimEnd().split('\n').length + 1);
      }
    });
  });

  it(
    'stops on SIGTERM with no cage or client left behind',
    async () => {
      const left = await station!.stop();
      expect(left.map((process) => process.command)).toEqual([]);
    },
    STEP_TIMEOUT_MS,
  );
});

/** The policy's settings are checked before anything starts: set wrong, the script ends with 78. */
describe('station session: a restart policy set wrong', () => {
  beforeAll(() => {
    requireCommand('cage', 'cage xwayland');
  });

  it.each([
    [
      { KIOSK_RESTART_DELAY_MAX: 'soon' },
      "KIOSK_RESTART_DELAY_MAX must be a number of seconds, not 'soon'",
    ],
    [
      { KIOSK_RESTART_RESET: '2.5' },
      "KIOSK_RESTART_RESET must be a whole number of seconds, not '2.5'",
    ],
    [
      { KIOSK_RESTART_DELAY_MAX: '1' },
      'KIOSK_RESTART_DELAY (4) must not be longer than KIOSK_RESTART_DELAY_MAX (1)',
    ],
  ])(
    'with %j, says "%s" and ends with 78 without starting cage',
    async (environment, message) => {
      const session = await startStationSession({
        client: { electron: '/bin/true' },
        clientArgs: [],
        restartDelay: 4,
        environment,
      });
      try {
        await expect(
          session.waitFor('never', () =>
            session.log().includes('starting cage') ? true : undefined,
          ),
        ).rejects.toThrow(/The session ended \(exit 78\)/);
        expect(session.log()).toContain(`library-kiosk-session: ${message}`);
        expect(session.log()).not.toContain('starting cage');
      } finally {
        await session.stop();
      }
    },
    STEP_TIMEOUT_MS,
  );
});
