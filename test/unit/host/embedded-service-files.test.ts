import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EMBEDDED_DATABASE_FILE,
  embeddedServiceFiles,
  prepareEmbeddedServiceFolder,
} from '../../../src-main/host/embedded-service-files';
import { DATABASE_FILE, openDatabase } from '../../../src-reference-service/db/open';

let dir: string;
let umask: number;

const modeOf = (file: string): number => statSync(file).mode & 0o777;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kiosk-embedded-'));
  // The most permissive umask: the modes below are the kiosk's own.
  umask = process.umask(0);
});

afterEach(() => {
  process.umask(umask);
  rmSync(dir, { recursive: true, force: true });
});

describe("the embedded service's files", () => {
  it('names the database the reference service opens', () => {
    expect(EMBEDDED_DATABASE_FILE).toBe(DATABASE_FILE);
  });

  it('keeps its patron data 0600 (database, WAL and shared memory) in folders 0700', () => {
    const dataDir = path.join(dir, 'data');
    const folder = prepareEmbeddedServiceFolder(dataDir);
    const db = openDatabase(folder);
    try {
      db.exec('CREATE TABLE probe (name TEXT); INSERT INTO probe VALUES (1);');
      const present = readdirSync(folder).sort();
      expect(present).toEqual(['library.sqlite', 'library.sqlite-shm', 'library.sqlite-wal']);
      for (const name of present) expect(modeOf(path.join(folder, name))).toBe(0o600);
      expect(modeOf(folder)).toBe(0o700);
      expect(modeOf(dataDir)).toBe(0o700);
    } finally {
      db.close();
    }
  });

  it('leaves an existing database as it is', () => {
    const folder = prepareEmbeddedServiceFolder(dir);
    openDatabase(folder).close();
    const before = statSync(path.join(folder, DATABASE_FILE)).size;

    prepareEmbeddedServiceFolder(dir);

    expect(statSync(path.join(folder, DATABASE_FILE)).size).toBe(before);
  });

  it('lists the database, its companions and the blob key for the start-up check', () => {
    const database = path.join(dir, 'reference-service', DATABASE_FILE);
    expect(embeddedServiceFiles(dir).map((file) => file.path)).toEqual([
      database,
      `${database}-wal`,
      `${database}-shm`,
      `${database}-journal`,
      path.join(dir, 'reference-service', 'blob-account-key'),
    ]);
  });
});
