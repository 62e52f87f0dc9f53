import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  NewTransaction,
  OfflineJournal,
} from '../../../../src-main/circulation/journal/offline-journal';
import { captureLogs } from '../../../support/log-capture';
import {
  besides,
  decodeOnDisk,
  journalPlace,
  makeTempFolder,
  modeOf,
  openJournalAt,
} from '../../../support/journal-files';
import type { JournalPlace } from '../../../support/journal-files';
import { asItem, asMember } from '../../../support/barcodes';

const AT = Date.UTC(2025, 2, 14, 9, 26, 53);
const NOW = Date.UTC(2025, 2, 15, 8, 0, 0, 250);
const ITEM = asItem('31234000456789');
const MEMBER = asMember('24410000123456');

const checkOut = (n: number): NewTransaction => ({
  kind: 'check-out',
  item: asItem(`3123400000${String(n).padStart(4, '0')}`),
  member: MEMBER,
  at: AT + n * 1_000,
});

let temp: ReturnType<typeof makeTempFolder>;
let place: JournalPlace;
let logs: ReturnType<typeof captureLogs>;
const opened: OfflineJournal[] = [];

async function open(): Promise<OfflineJournal> {
  const journal = await openJournalAt(place, () => NOW);
  opened.push(journal);
  return journal;
}

async function recordAll(journal: OfflineJournal, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const recorded = await journal.record(checkOut(n));
    if (!recorded.ok) throw new Error(`not recorded: ${recorded.error.kind}`);
    ids.push(recorded.value.id);
  }
  return ids;
}

const idsOf = (entries: readonly { txn: { id: string } }[]): string[] =>
  entries.map((entry) => entry.txn.id);

/** Changes one byte inside the sealed body of frame `index`, as a failing disk would. */
function corruptFrame(index: number): { offset: number; end: number } {
  const frame = decodeOnDisk(place).frames[index]!;
  const bytes = readFileSync(place.file);
  bytes[frame.offset + 45] = bytes[frame.offset + 45]! ^ 0xff;
  writeFileSync(place.file, bytes);
  return { offset: frame.offset, end: frame.end };
}

/** Removes frame `index` altogether: the records after it are whole but one is missing. */
function removeFrame(index: number): void {
  const frame = decodeOnDisk(place).frames[index]!;
  const bytes = readFileSync(place.file);
  writeFileSync(
    place.file,
    Buffer.concat([bytes.subarray(0, frame.offset), bytes.subarray(frame.end)]),
  );
}

/** Writes frame `index` a second time at the end, as a replayed or duplicated block would. */
function repeatFrame(index: number): void {
  const frame = decodeOnDisk(place).frames[index]!;
  const bytes = readFileSync(place.file);
  writeFileSync(place.file, Buffer.concat([bytes, bytes.subarray(frame.offset, frame.end)]));
}

/**
 * Six transactions t0..t5 (frames 0..5), t4 applied (frame 6); then the third transaction's frame
 * is damaged on disk and the journal opened again.
 */
async function journalDamagedInTheMiddle(): Promise<{
  journal: OfflineJournal;
  ids: string[];
  region: { offset: number; end: number };
}> {
  const first = await open();
  const ids = await recordAll(first, 6);
  await first.markAttempts([ids[4]!]);
  await first.settle([{ t: 'applied', id: ids[4]!, reconciled: false }], { durable: true });
  await first.close();
  const region = corruptFrame(2);
  return { journal: await open(), ids, region };
}

beforeEach(() => {
  temp = makeTempFolder('kiosk-journal-damage-');
  place = journalPlace(temp.dir);
  logs = captureLogs('debug');
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((journal) => journal.close().catch(() => undefined)));
  logs.restore();
  temp.remove();
});

describe('a journal damaged in the middle', () => {
  it('reports the damage, with the open transactions waiting behind it', async () => {
    const { journal, region } = await journalDamagedInTheMiddle();

    expect(journal.problem()).toEqual({
      kind: 'damaged',
      regions: 1,
      bytes: region.end - region.offset,
      // t3 and t5; t4 was applied already.
      waiting: 2,
    });
  });

  it('lets the sync send only the transactions before the damage', async () => {
    const { journal, ids } = await journalDamagedInTheMiddle();

    expect(idsOf(journal.sendable())).toEqual([ids[0], ids[1]]);
  });

  it('drops nothing after the damage: every later transaction and outcome is still there', async () => {
    const { journal, ids } = await journalDamagedInTheMiddle();

    expect(journal.held().map((entry) => [entry.txn.id, entry.state])).toEqual([
      [ids[0], 'pending'],
      [ids[1], 'pending'],
      [ids[3], 'pending'],
      [ids[4], 'applied'],
      [ids[5], 'pending'],
    ]);
  });

  it('records new transactions behind the damage, waiting with the others', async () => {
    const { journal, ids } = await journalDamagedInTheMiddle();

    const recorded = await journal.record(checkOut(9));

    expect(recorded.ok).toBe(true);
    expect(idsOf(journal.sendable())).toEqual([ids[0], ids[1]]);
    expect(journal.problem()).toMatchObject({ kind: 'damaged', waiting: 3 });
  });

  it('leaves a damaged journal as it is when asked to compact it', async () => {
    const { journal } = await journalDamagedInTheMiddle();
    const before = readFileSync(place.file);

    await journal.compact();

    expect(readFileSync(place.file)).toEqual(before);
  });

  it('stops the sync where a record is missing from the middle', async () => {
    const first = await open();
    const ids = await recordAll(first, 5);
    await first.close();
    removeFrame(2);

    const journal = await open();

    expect(idsOf(journal.sendable())).toEqual([ids[0], ids[1]]);
    expect(journal.problem()).toMatchObject({ kind: 'damaged', waiting: 2 });
  });

  it('does not take a transaction written twice for a new one', async () => {
    const first = await open();
    const ids = await recordAll(first, 3);
    await first.markAttempts([ids[1]!]);
    await first.settle([{ t: 'applied', id: ids[1]!, reconciled: false }], { durable: true });
    await first.close();
    repeatFrame(1);

    const journal = await open();

    expect(journal.held().map((entry) => [entry.txn.id, entry.state])).toEqual([
      [ids[0], 'pending'],
      [ids[1], 'applied'],
      [ids[2], 'pending'],
    ]);
    expect(journal.problem()).toMatchObject({ kind: 'damaged' });
  });
});

describe('setting damage aside at staff request', () => {
  it('keeps a byte-for-byte copy of the damaged journal, readable only by its owner', async () => {
    const { journal } = await journalDamagedInTheMiddle();
    const before = readFileSync(place.file);

    const aside = await journal.setDamageAside();

    expect(aside).toMatch(/journal\.bin\.damaged-2025-03-15T08-00-00-250Z$/);
    expect(readFileSync(aside!)).toEqual(before);
    expect(modeOf(aside!)).toBe(0o600);
  });

  it('lets the sync send every transaction still open afterwards', async () => {
    const { journal, ids } = await journalDamagedInTheMiddle();

    await journal.setDamageAside();

    expect(idsOf(journal.sendable())).toEqual([ids[0], ids[1], ids[3], ids[5]]);
    expect(journal.problem()).toBeUndefined();
  });

  it('opens clean afterwards, with every transaction still open', async () => {
    const { journal, ids } = await journalDamagedInTheMiddle();
    await journal.setDamageAside();

    const reopened = await open();

    expect(reopened.problem()).toBeUndefined();
    expect(idsOf(reopened.sendable())).toEqual([ids[0], ids[1], ids[3], ids[5]]);
  });

  it('never writes a second copy over the first when the clock shows the same time', async () => {
    const { journal } = await journalDamagedInTheMiddle();
    const firstAside = (await journal.setDamageAside())!;
    const firstCopy = readFileSync(firstAside);
    await recordAll(journal, 3);
    await journal.close();
    corruptFrame(1);

    const secondAside = await (await open()).setDamageAside();

    expect(secondAside).not.toBe(firstAside);
    expect(readFileSync(firstAside)).toEqual(firstCopy);
    expect(besides(place.file, 'damaged-')).toHaveLength(2);
  });

  it('sets nothing aside when nothing is damaged', async () => {
    const journal = await open();
    await recordAll(journal, 2);

    expect(await journal.setDamageAside()).toBeUndefined();
    expect(besides(place.file, 'damaged-')).toEqual([]);
  });
});

describe('a journal whose key is missing', () => {
  async function journalWithoutKey(): Promise<{ journal: OfflineJournal; before: Buffer }> {
    const first = await open();
    await recordAll(first, 3);
    await first.close();
    rmSync(place.keyFile);
    return { journal: await open(), before: readFileSync(place.file) };
  }

  it('reports the key missing', async () => {
    const { journal } = await journalWithoutKey();

    expect(journal.problem()).toEqual({ kind: 'key-missing' });
  });

  it('refuses to record a transaction', async () => {
    const { journal } = await journalWithoutKey();

    expect(await journal.record(checkOut(7))).toEqual({
      ok: false,
      error: { kind: 'key-missing' },
    });
  });

  it('leaves the journal as it was, and makes no new key for it', async () => {
    const { journal, before } = await journalWithoutKey();
    await journal.record(checkOut(7));
    await journal.compact();
    await journal.setDamageAside();

    expect(readFileSync(place.file)).toEqual(before);
    expect(existsSync(place.keyFile)).toBe(false);
  });

  it('makes a new key for an empty journal file, which holds nothing the new key could lose', async () => {
    const first = await open();
    await first.close();
    rmSync(place.keyFile);
    writeFileSync(place.file, '');

    const journal = await open();
    expect(journal.problem()).toBeUndefined();
    expect((await journal.record(checkOut(7))).ok).toBe(true);
    expect(existsSync(place.keyFile)).toBe(true);
  });

  it('reads every transaction again once the key is back', async () => {
    const first = await open();
    const ids = await recordAll(first, 3);
    await first.close();
    const key = readFileSync(place.keyFile);
    rmSync(place.keyFile);
    await open();
    writeFileSync(place.keyFile, key, { mode: 0o600 });

    expect(idsOf((await open()).entries())).toEqual(ids);
  });
});

describe('patron data on disk', () => {
  it('never holds an item or member barcode in clear', async () => {
    const journal = await open();
    const [id] = await recordAll(journal, 2);
    await journal.record({ kind: 'check-in', item: ITEM, member: MEMBER, at: AT });
    await journal.markAttempts([id!]);
    await journal.settle([{ t: 'applied', id: id!, reconciled: false }], { durable: true });
    await journal.compact();
    await journal.record({ kind: 'check-out', item: ITEM, member: MEMBER, at: AT });

    const bytes = readFileSync(place.file);

    expect(decodeOnDisk(place).frames.some((frame) => frame.plaintext.includes(ITEM))).toBe(true);
    for (const barcode of [ITEM, MEMBER, checkOut(1).item]) {
      expect(bytes.includes(Buffer.from(barcode)), barcode).toBe(false);
      expect(bytes.includes(Buffer.from(barcode, 'utf16le')), barcode).toBe(false);
    }
  });

  it('keeps the journal and its key readable only by the kiosk user', async () => {
    const umask = process.umask(0);
    try {
      await recordAll(await open(), 1);
    } finally {
      process.umask(umask);
    }

    expect(modeOf(place.file)).toBe(0o600);
    expect(modeOf(place.keyFile)).toBe(0o600);
  });
});

describe('a journal whose key is not its own', () => {
  it('refuses to open it and leaves every byte where it was, instead of taking it for a torn end', async () => {
    const first = await open();
    const ids = await recordAll(first, 3);
    await first.close();
    const key = readFileSync(place.keyFile);
    const before = readFileSync(place.file);
    writeFileSync(place.keyFile, Buffer.alloc(32, 7), { mode: 0o600 });

    const journal = await open();
    expect(journal.problem()).toEqual({ kind: 'key-unreadable' });
    expect(readFileSync(place.file)).toEqual(before);
    expect(besides(place.file, 'torn')).toEqual([]);

    writeFileSync(place.keyFile, key, { mode: 0o600 });
    expect(idsOf((await open()).entries())).toEqual(ids);
  });
});
