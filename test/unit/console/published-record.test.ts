import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MOST_KEPT,
  PUBLISHED_FILE,
  createPublishedRecord,
} from '../../../src-main/core/console/documents/published-record';
import { powerCuts } from '../../support/crash-points/power-cuts';
import { captureLogs } from '../../support/log-capture';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'published-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const entry = (n: number) => ({
  name: `Notice ${n}`,
  docid: `doc-${n}`,
  publishedAt: new Date(Date.UTC(2025, 0, n)).toISOString(),
});

describe("the kiosk's record of the documents it published", () => {
  it('starts empty and lists the newest first, in order even when two are added at once', async () => {
    const record = createPublishedRecord(dir);
    expect(await record.list()).toEqual([]);
    await Promise.all([record.add(entry(1)), record.add(entry(2))]);
    await record.add(entry(3));
    expect((await record.list()).map((kept) => kept.docid)).toEqual(['doc-3', 'doc-2', 'doc-1']);
  });

  it('keeps one entry per document and at most the last ones', async () => {
    const record = createPublishedRecord(dir);
    await record.add(entry(1));
    await record.add({ ...entry(1), name: 'Renamed' });
    expect(await record.list()).toEqual([{ ...entry(1), name: 'Renamed' }]);
    // A full list written beforehand: each add flushes the file and the folder, too slow to make
    // MOST_KEPT of them on a loaded machine.
    const full = Array.from({ length: MOST_KEPT }, (_, index) => entry(MOST_KEPT + 1 - index));
    await writeFile(path.join(dir, PUBLISHED_FILE), JSON.stringify({ documents: full }));
    await record.add(entry(MOST_KEPT + 2));
    await record.add(entry(MOST_KEPT + 3));
    const kept = await record.list();
    expect(kept).toHaveLength(MOST_KEPT);
    expect(kept.slice(0, 3).map((document) => document.docid)).toEqual([
      `doc-${MOST_KEPT + 3}`,
      `doc-${MOST_KEPT + 2}`,
      `doc-${MOST_KEPT + 1}`,
    ]);
    expect(kept.at(-1)!.docid).toBe('doc-4');
  });

  it('sets a damaged file aside, reads an empty list, and the next publish writes a good one', async () => {
    await writeFile(path.join(dir, PUBLISHED_FILE), '{ "documents": [ {');
    const record = createPublishedRecord(dir);
    const logs = captureLogs('warn');
    expect(await record.list()).toEqual([]);
    logs.restore();
    expect(logs.records).toMatchObject([
      {
        level: 'warn',
        scope: 'files:set-aside',
        message:
          'published documents list file could not be read and was set aside; the list of documents published from this kiosk starts again empty',
      },
    ]);
    const [aside] = (await readdir(dir)).filter((name) =>
      name.startsWith(`${PUBLISHED_FILE}.corrupt-`),
    );
    expect(await readFile(path.join(dir, aside!), 'utf8')).toBe('{ "documents": [ {');
    await record.add(entry(4));
    expect(JSON.parse(await readFile(path.join(dir, PUBLISHED_FILE), 'utf8'))).toEqual({
      documents: [entry(4)],
    });
  });

  it('keeps every published document listed through a power cut at any instant', async () => {
    await createPublishedRecord(dir).add(entry(1));
    const cuts = await powerCuts(
      dir,
      () => createPublishedRecord(dir).add(entry(2)),
      async (folder) => {
        const text = await readFile(path.join(folder, PUBLISHED_FILE), 'utf8').catch(() => '');
        try {
          return (JSON.parse(text) as { documents: { docid: string }[] }).documents
            .map((kept) => kept.docid)
            .join(' ');
        } catch {
          return `damaged (${text.length} bytes)`;
        }
      },
    );
    expect(new Set(cuts.during)).toEqual(new Set(['doc-1', 'doc-2 doc-1']));
    expect(new Set(cuts.after)).toEqual(new Set(['doc-2 doc-1']));
  });
});
