import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  NewTransaction,
  OfflineJournal,
} from '../../../../src-main/circulation/journal/offline-journal';
import { captureLogs } from '../../../support/log-capture';
import {
  decodeOnDisk,
  journalPlace,
  makeTempFolder,
  openJournalAt,
} from '../../../support/journal-files';
import type { JournalPlace } from '../../../support/journal-files';
import { asItem, asMember } from '../../../support/barcodes';

const AT = Date.UTC(2025, 2, 14, 9, 26, 53);
const MEMBER = asMember('24410000123456');

const checkOut = (n: number): NewTransaction => ({
  kind: 'check-out',
  item: asItem(`3123400000${String(n).padStart(4, '0')}`),
  member: MEMBER,
  dueDate: '2025-04-04T21:59:59.999Z',
  at: AT + n * 1_000,
});

let temp: ReturnType<typeof makeTempFolder>;
let place: JournalPlace;
let logs: ReturnType<typeof captureLogs>;
const opened: OfflineJournal[] = [];

/** Opens the journal as a kiosk (re)starting would; closed after the test. */
async function open(): Promise<OfflineJournal> {
  const journal = await openJournalAt(place);
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

const stateOf = (journal: OfflineJournal, id: string) =>
  journal.held().find((entry) => entry.txn.id === id);
const idsOf = (entries: readonly { txn: { id: string } }[]): string[] =>
  entries.map((entry) => entry.txn.id);

beforeEach(() => {
  temp = makeTempFolder('kiosk-offline-journal-');
  place = journalPlace(temp.dir);
  logs = captureLogs('debug');
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((journal) => journal.close().catch(() => undefined)));
  logs.restore();
  temp.remove();
});

describe('recording offline transactions', () => {
  it('records a transaction as pending, with an id and the time the kiosk gave it', async () => {
    const journal = await open();

    const recorded = await journal.record(checkOut(1));

    expect(recorded).toEqual({
      ok: true,
      value: { t: 'txn', id: expect.stringMatching(/.+/), ...checkOut(1) },
    });
    const id = recorded.ok ? recorded.value.id : 'not recorded';
    expect(journal.entries()).toEqual([
      expect.objectContaining({
        txn: { t: 'txn', id, ...checkOut(1) },
        state: 'pending',
        needsReconcile: false,
      }),
    ]);
    expect(journal.problem()).toBeUndefined();
  });

  it('gives every transaction an id of its own', async () => {
    const journal = await open();

    const recorded = await Promise.all(
      Array.from({ length: 100 }, (_, n) => journal.record(checkOut(n))),
    );

    const ids = recorded.map((result) => (result.ok ? result.value.id : result.error.kind));
    expect(new Set(ids).size).toBe(100);
  });

  it('has every transaction on disk when record() resolves', async () => {
    const journal = await open();

    const ids = await recordAll(journal, 3);

    // Read by a second opening while the first is still open, as after a crash.
    expect(idsOf((await open()).entries())).toEqual(ids);
  });

  it('gives back the recorded transactions, in order, after opening again', async () => {
    const first = await open();
    const ids = await recordAll(first, 5);
    await first.close();

    const journal = await open();

    expect(journal.entries().map((entry) => entry.txn)).toEqual(
      ids.map((id, n) => ({ t: 'txn', id, ...checkOut(n) })),
    );
    expect(journal.sendable().map((entry) => entry.state)).toEqual(Array(5).fill('pending'));
  });
});

describe('sending them', () => {
  it('marks transactions about to be sent in flight, to be looked up before sending again', async () => {
    const journal = await open();
    const [first, second] = await recordAll(journal, 2);

    await journal.markAttempts([first!]);

    expect(stateOf(journal, first!)).toMatchObject({ state: 'in-flight', needsReconcile: true });
    expect(stateOf(journal, second!)).toMatchObject({ state: 'pending', needsReconcile: false });
  });

  it('still has a transaction in flight, needing a look, after a restart midway', async () => {
    const journal = await open();
    const [id] = await recordAll(journal, 1);
    await journal.markAttempts([id!]);

    const restarted = await open();

    expect(stateOf(restarted, id!)).toMatchObject({ state: 'in-flight', needsReconcile: true });
    expect(idsOf(restarted.sendable())).toEqual([id]);
  });

  it('settles a transaction the service applied: out of the queue, held until compaction', async () => {
    const journal = await open();
    const [id, other] = await recordAll(journal, 2);
    await journal.markAttempts([id!]);

    await journal.settle([{ t: 'applied', id: id!, reconciled: false, dueDate: '2025-04-05' }], {
      durable: true,
    });

    expect(stateOf(journal, id!)).toMatchObject({
      state: 'applied',
      needsReconcile: false,
      applied: { t: 'applied', id, reconciled: false, dueDate: '2025-04-05' },
    });
    expect(idsOf(journal.entries())).toEqual([other]);
    expect(idsOf(journal.sendable())).toEqual([other]);
    expect(idsOf(journal.held())).toEqual([id, other]);
  });

  it('settles a refused transaction as an exception for staff, out of the queue', async () => {
    const journal = await open();
    const [id] = await recordAll(journal, 1);
    await journal.markAttempts([id!]);

    await journal.settle(
      [{ t: 'exception', id: id!, reason: 'refused', status: 409, code: 'item_on_loan' }],
      { durable: true },
    );

    expect(stateOf(journal, id!)).toMatchObject({
      state: 'exception',
      needsReconcile: false,
      exception: { reason: 'refused', status: 409, code: 'item_on_loan' },
    });
    expect(journal.sendable()).toEqual([]);
    expect(journal.counts()).toEqual({ queued: 0, exceptions: 1 });
  });

  it('keeps an unconfirmed exception needing a look', async () => {
    const journal = await open();
    const [id] = await recordAll(journal, 1);
    await journal.markAttempts([id!]);

    await journal.settle([{ t: 'exception', id: id!, reason: 'unconfirmed' }], { durable: true });

    expect(stateOf(journal, id!)).toMatchObject({ state: 'exception', needsReconcile: true });
  });

  it('puts a released transaction back in the queue, needing no look', async () => {
    const journal = await open();
    const [id] = await recordAll(journal, 1);
    await journal.markAttempts([id!]);

    await journal.settle([{ t: 'released', id: id! }], { durable: true });

    expect(stateOf(journal, id!)).toMatchObject({ state: 'pending', needsReconcile: false });
    expect(idsOf(journal.sendable())).toEqual([id]);
  });

  it('has outcomes settled without waiting on disk once a durable settle follows', async () => {
    const journal = await open();
    const [id] = await recordAll(journal, 1);
    await journal.markAttempts([id!]);
    await journal.settle([{ t: 'applied', id: id!, reconciled: false }], { durable: false });

    await journal.settle([], { durable: true });

    expect(stateOf(await open(), id!)).toMatchObject({ state: 'applied' });
  });
});

describe('staff dealing with exceptions', () => {
  async function journalWithException(): Promise<{
    journal: OfflineJournal;
    id: string;
    other: string;
  }> {
    const journal = await open();
    const [id, other] = await recordAll(journal, 2);
    await journal.markAttempts([id!]);
    await journal.settle([{ t: 'exception', id: id!, reason: 'refused' }], { durable: true });
    return { journal, id: id!, other: other! };
  }

  it('sends an exception back to the queue on retry', async () => {
    const { journal, id } = await journalWithException();

    expect(await journal.retry(id)).toBe(true);

    expect(stateOf(journal, id)).toMatchObject({ state: 'pending' });
    expect(idsOf(journal.sendable())).toContain(id);
    expect(stateOf(await open(), id)).toMatchObject({ state: 'pending' });
  });

  it('dismisses an exception: it leaves the list', async () => {
    const { journal, id, other } = await journalWithException();

    expect(await journal.dismiss(id)).toBe(true);

    expect(stateOf(journal, id)).toMatchObject({ state: 'dismissed' });
    expect(idsOf(journal.entries())).toEqual([other]);
    expect(stateOf(await open(), id)).toMatchObject({ state: 'dismissed' });
  });

  it('neither retries nor dismisses a transaction that is not an exception, and writes nothing', async () => {
    const { journal, other } = await journalWithException();
    const [applied] = await recordAll(journal, 1);
    await journal.settle([{ t: 'applied', id: applied!, reconciled: false }], { durable: true });
    const before = readFileSync(place.file);

    const answers = [
      await journal.retry(other),
      await journal.dismiss(other),
      await journal.retry(applied!),
      await journal.dismiss(applied!),
      await journal.retry('no-such-id'),
    ];

    expect(answers).toEqual([false, false, false, false, false]);
    expect(stateOf(journal, other)).toMatchObject({ state: 'pending' });
    expect(stateOf(journal, applied!)).toMatchObject({ state: 'applied' });
    expect(readFileSync(place.file)).toEqual(before);
  });
});

describe('compaction', () => {
  /** One transaction in each state: pending, in flight, applied, exception, dismissed. */
  async function journalOfEveryState(): Promise<{ journal: OfflineJournal; ids: string[] }> {
    const journal = await open();
    const ids = await recordAll(journal, 5);
    const [, inFlight, applied, exception, dismissed] = ids as [
      string,
      string,
      string,
      string,
      string,
    ];
    await journal.markAttempts([inFlight, applied, exception, dismissed]);
    await journal.settle(
      [
        { t: 'applied', id: applied, reconciled: false },
        { t: 'exception', id: exception, reason: 'refused', code: 'member_blocked' },
        { t: 'exception', id: dismissed, reason: 'refused' },
      ],
      { durable: true },
    );
    await journal.dismiss(dismissed);
    return { journal, ids };
  }

  it('drops applied and dismissed transactions from the file', async () => {
    const { journal, ids } = await journalOfEveryState();
    const [pending, inFlight, applied, exception, dismissed] = ids;

    await journal.compact();

    const onDisk = decodeOnDisk(place).frames.map((frame) => frame.plaintext.toString());
    expect(onDisk.filter((text) => text.includes(applied!) || text.includes(dismissed!))).toEqual(
      [],
    );
    expect(idsOf((await open()).held())).toEqual([pending, inFlight, exception]);
  });

  it('keeps an exception, with its reason, through compaction', async () => {
    const { journal, ids } = await journalOfEveryState();

    await journal.compact();

    expect(stateOf(await open(), ids[3]!)).toMatchObject({
      state: 'exception',
      exception: { reason: 'refused', code: 'member_blocked' },
    });
  });

  it('keeps a transaction in flight needing a look through compaction and reopening', async () => {
    const { journal, ids } = await journalOfEveryState();

    await journal.compact();

    expect(stateOf(journal, ids[1]!)).toMatchObject({ needsReconcile: true });
    expect(stateOf(await open(), ids[1]!)).toMatchObject({ needsReconcile: true });
    expect(stateOf(await open(), ids[0]!)).toMatchObject({
      state: 'pending',
      needsReconcile: false,
    });
  });

  it('keeps a transaction recorded while compaction runs', async () => {
    const { journal } = await journalOfEveryState();

    const [recorded] = await Promise.all([journal.record(checkOut(9)), journal.compact()]);

    const id = recorded.ok ? recorded.value.id : 'not recorded';
    expect(idsOf(journal.entries())).toContain(id);
    expect(idsOf((await open()).entries())).toContain(id);
  });

  it('keeps a transaction recorded just after compaction started', async () => {
    const { journal } = await journalOfEveryState();

    const [, recorded] = await Promise.all([journal.compact(), journal.record(checkOut(9))]);

    const id = recorded.ok ? recorded.value.id : 'not recorded';
    expect(idsOf(journal.entries())).toContain(id);
    expect(idsOf((await open()).entries())).toContain(id);
  });

  it('keeps an attempt marked while compaction runs: the transaction still needs a look', async () => {
    const { journal, ids } = await journalOfEveryState();

    await Promise.all([journal.markAttempts([ids[0]!]), journal.compact()]);

    expect(stateOf(journal, ids[0]!)).toMatchObject({ needsReconcile: true });
    expect(stateOf(await open(), ids[0]!)).toMatchObject({ needsReconcile: true });
  });
});
