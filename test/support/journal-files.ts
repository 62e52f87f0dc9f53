import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJournal } from '../../src-main/circulation/journal/journal-codec';
import type { DecodedJournal } from '../../src-main/circulation/journal/journal-codec';
import { createFileJournalKey, journalKeyFile } from '../../src-main/vault/journal-key';
import { openOfflineJournal } from '../../src-main/circulation/journal/offline-journal';
import type { OfflineJournal } from '../../src-main/circulation/journal/offline-journal';

/** Where a kiosk keeps its journal and the journal's key, under a data folder of its own. */
export interface JournalPlace {
  dataDir: string;
  file: string;
  keyFile: string;
}

/** A temporary folder whose `data` folder does not exist yet, as on a kiosk's first start. */
export function makeTempFolder(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function journalPlace(dir: string): JournalPlace {
  const dataDir = path.join(dir, 'data');
  return {
    dataDir,
    file: path.join(dataDir, 'offline', 'journal.bin'),
    keyFile: journalKeyFile(dataDir),
  };
}

/** The journal as the kiosk opens it: the key from its 0600 key file, the file on disk. */
export function openJournalAt(place: JournalPlace, now?: () => number): Promise<OfflineJournal> {
  return openOfflineJournal({
    file: place.file,
    keys: createFileJournalKey(place.keyFile),
    ...(now ? { now } : {}),
  });
}

/** Reads the journal on disk with its key, as support would: frames, damage, torn end. */
export function decodeOnDisk(place: JournalPlace): DecodedJournal {
  return decodeJournal(readFileSync(place.keyFile), readFileSync(place.file));
}

export const modeOf = (file: string): number => statSync(file).mode & 0o777;

/** Files beside `file` whose names start with `<name of file>.<suffix>`. */
export function besides(file: string, suffix: string): string[] {
  const name = path.basename(file);
  return readdirSync(path.dirname(file))
    .filter((entry) => entry.startsWith(`${name}.${suffix}`))
    .map((entry) => path.join(path.dirname(file), entry));
}
