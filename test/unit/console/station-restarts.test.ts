import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STATION_RESTARTS_FILE,
  parseStationRestarts,
  readStationRestarts,
  summarizeStationRestarts,
} from '../../../src-main/core/console/diagnostics/station-restarts';

const NOW = Date.parse('2026-11-25T15:00:00Z');

describe("the station session's restart history", () => {
  it('reads the lines the session script writes, oldest first', () => {
    expect(parseStationRestarts('2026-11-25T14:02:30Z 3 2\n2026-11-25T14:02:33Z 139 4\n')).toEqual([
      { at: new Date('2026-11-25T14:02:30Z'), status: 3, pauseSeconds: 2 },
      { at: new Date('2026-11-25T14:02:33Z'), status: 139, pauseSeconds: 4 },
    ]);
  });

  it('takes a pause with a fraction, as KIOSK_RESTART_DELAY allows', () => {
    expect(parseStationRestarts('2026-11-25T14:02:30Z 1 0.5')[0]?.pauseSeconds).toBe(0.5);
  });

  it.each([
    ['a torn last line', '2026-11-25T14:02:30Z 3 2\n2026-11-25T14:0'],
    ['zero bytes after a power cut', '2026-11-25T14:02:30Z 3 2\n\0\0\0\0'],
    ['an impossible date', '2026-11-25T14:02:30Z 3 2\n2026-13-45T99:99:99Z 3 2'],
    ['a status out of range', '2026-11-25T14:02:30Z 3 2\n2026-11-25T14:03:30Z 1234 2'],
    ['text', '2026-11-25T14:02:30Z 3 2\nthe kiosk restarted'],
  ])('skips %s and keeps the good lines', (_what, text) => {
    expect(parseStationRestarts(text)).toEqual([
      { at: new Date('2026-11-25T14:02:30Z'), status: 3, pauseSeconds: 2 },
    ]);
  });

  it('counts the last hour only and names its newest', () => {
    const entries = parseStationRestarts(
      [
        '2026-11-25T13:59:59Z 1 2',
        '2026-11-25T14:00:01Z 139 2',
        '2026-11-25T14:30:00Z 3 4',
        '',
      ].join('\n'),
    );
    expect(summarizeStationRestarts(entries, NOW)).toEqual({
      recorded: true,
      lastHour: 2,
      last: { status: 3, at: new Date('2026-11-25T14:30:00Z') },
    });
    expect(summarizeStationRestarts(entries.slice(0, 1), NOW)).toEqual({
      recorded: true,
      lastHour: 0,
    });
    expect(summarizeStationRestarts([], NOW)).toEqual({ recorded: false, lastHour: 0 });
  });

  describe('from the data folder', () => {
    let folder: string;
    beforeAll(async () => {
      folder = await mkdtemp(path.join(tmpdir(), 'station-restarts-'));
    });
    afterAll(async () => {
      await rm(folder, { recursive: true, force: true });
    });

    it('is none recorded when the file is missing', async () => {
      expect(await readStationRestarts(folder, NOW)).toEqual({ recorded: false, lastHour: 0 });
    });

    it('is none recorded when the file holds nothing readable', async () => {
      await writeFile(path.join(folder, STATION_RESTARTS_FILE), '\0\0\0\0');
      expect(await readStationRestarts(folder, NOW)).toEqual({ recorded: false, lastHour: 0 });
    });

    it("reads the session's own file where it is named, not the data folder's", async () => {
      const own = path.join(folder, 'session', STATION_RESTARTS_FILE);
      await mkdir(path.dirname(own), { recursive: true });
      await writeFile(own, '2026-11-25T14:30:00Z 1 2\n');
      await writeFile(path.join(folder, STATION_RESTARTS_FILE), '2026-11-25T14:59:00Z 3 8\n');
      expect(await readStationRestarts(folder, NOW, own)).toEqual({
        recorded: true,
        lastHour: 1,
        last: { status: 1, at: new Date('2026-11-25T14:30:00Z') },
      });
    });

    it('reads what the file holds', async () => {
      await writeFile(path.join(folder, STATION_RESTARTS_FILE), '2026-11-25T14:59:00Z 3 8\n');
      expect(await readStationRestarts(folder, NOW)).toEqual({
        recorded: true,
        lastHour: 1,
        last: { status: 3, at: new Date('2026-11-25T14:59:00Z') },
      });
    });
  });
});
