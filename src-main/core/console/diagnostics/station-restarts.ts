import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EXIT } from '../../../../src-shared/exit-codes';

/**
 * The station session's restart history, in the data folder: one line per end of the kiosk
 * client that the session script (resources/station/library-kiosk-session.sh, `remember`)
 * answered with a pause: "2026-11-25T14:02:30Z 70 4" (UTC time, the client's exit status, the
 * pause in seconds). The script keeps the last 50 and replaces the file whole (temp + rename).
 */
export const STATION_RESTARTS_FILE = 'station-restarts';

/**
 * The kiosk's exit status after its page crashed too often (host/page-recovery.ts ends the process
 * with it), its own number in the exit table: the session script starts the kiosk again after
 * it, and the status screen names it.
 */
export const EXIT_PAGE_KEEPS_CRASHING = EXIT.pageKeepsCrashing;

/** How far back the status screen counts restarts. */
export const STATION_RESTARTS_WINDOW_MS = 60 * 60 * 1000;

export interface StationRestartEntry {
  at: Date;
  status: number;
  pauseSeconds: number;
}

/**
 * What the status screen says: `recorded` false when the file is missing, unreadable or holds no
 * entry (a station without the session script, or one that never restarted).
 */
export interface StationRestarts {
  recorded: boolean;
  /** Restarts within STATION_RESTARTS_WINDOW_MS of now. */
  lastHour: number;
  /** The newest of those; absent when there is none in the last hour. */
  last?: { status: number; at: Date };
}

const LINE = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ) (\d{1,3}) (\d+(?:\.\d+)?)$/;

/** The entries of the file's text, oldest first; a damaged line (a torn write, an edit) is skipped. */
export function parseStationRestarts(text: string): StationRestartEntry[] {
  const entries: StationRestartEntry[] = [];
  for (const line of text.split('\n')) {
    const found = LINE.exec(line.trim());
    if (!found) continue;
    const at = new Date(found[1]!);
    if (Number.isNaN(at.getTime())) continue;
    entries.push({ at, status: Number(found[2]), pauseSeconds: Number(found[3]) });
  }
  return entries;
}

/** The restarts of the last hour before `now`, from the entries. */
export function summarizeStationRestarts(
  entries: readonly StationRestartEntry[],
  now: number,
): StationRestarts {
  // A clock set back after a power cut may leave entries "in the future": they still count.
  const recent = entries.filter((entry) => now - entry.at.getTime() < STATION_RESTARTS_WINDOW_MS);
  const last = recent.at(-1);
  return {
    recorded: entries.length > 0,
    lastHour: recent.length,
    ...(last ? { last: { status: last.status, at: last.at } } : {}),
  };
}

/**
 * Reads the history in the data folder, or in `file` where the session keeps its own folder (a
 * Chromium station, whose session runs as another user: docs/deployment.md); a missing or
 * unreadable file is "none recorded".
 */
export async function readStationRestarts(
  dataDir: string,
  now: number,
  file = path.join(dataDir, STATION_RESTARTS_FILE),
): Promise<StationRestarts> {
  try {
    const text = await readFile(file, 'utf8');
    return summarizeStationRestarts(parseStationRestarts(text), now);
  } catch {
    return { recorded: false, lastHour: 0 };
  }
}
