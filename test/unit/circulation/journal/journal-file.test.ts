import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync, readdirSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeJournal } from '../../../../src-main/circulation/journal/journal-codec';
import { KEY_BYTES } from '../../../../src-main/vault/journal-key';
import { openJournalFile } from '../../../../src-main/circulation/journal/journal-file';
import type { JournalFile } from '../../../../src-main/circulation/journal/journal-file';
import { captureLogs } from '../../../support/log-capture';
import { besides, makeTempFolder, modeOf } from '../../../support/journal-files';

const key = randomBytes(KEY_BYTES);
const NOW = Date.UTC(2025, 2, 14, 9, 26, 53, 589);
const TORN_NAME = /\.torn-2025-03-14T09-26-53-589Z(-\d+)?$/;

let temp: ReturnType<typeof makeTempFolder>;
let file: string;
let umask: number;
let logs: ReturnType<typeof captureLogs>;
const opened: JournalFile[] = [];

const records = (from: number, count: number): Buffer[] =>
  Array.from({ length: count }, (_, index) => Buffer.from(`record ${from + index}`));
const texts = (buffers: readonly Buffer[]): string[] => buffers.map(String);

async function open(): ReturnType<typeof openJournalFile> {
  const result = await openJournalFile({ file, key, now: () => NOW });
  opened.push(result.file);
  return result;
}

/** Opens the journal, appends `plaintexts` durably, and closes it again. */
async function journalHolding(plaintexts: Buffer[]): Promise<void> {
  const { file: journal } = await open();
  await journal.append(plaintexts, { durable: true });
  await journal.close();
}

const onDisk = () => decodeJournal(key, readFileSync(file));

beforeEach(() => {
  temp = makeTempFolder('kiosk-journal-file-');
  // Not created yet: the journal makes its folders, as on a kiosk's first start.
  file = path.join(temp.dir, 'data', 'offline', 'journal.bin');
  // The most permissive umask: every mode below is the code's own, not the environment's.
  umask = process.umask(0);
  logs = captureLogs('debug');
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((journal) => journal.close().catch(() => undefined)));
  logs.restore();
  process.umask(umask);
  temp.remove();
});

describe('the journal file', () => {
  it('is created 0600, in folders created 0700', async () => {
    await open();

    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(path.dirname(file))).toBe(0o700);
    expect(modeOf(path.join(temp.dir, 'data'))).toBe(0o700);
  });

  it('closes once when closed twice at the same time, with nothing logged', async () => {
    const { file: journal } = await open();
    await journal.append(records(0, 2), { durable: false });

    await Promise.all([journal.close(), journal.close()]);
    await journal.close();

    expect(logs.records).toEqual([]);
    expect(texts(onDisk().frames.map((frame) => frame.plaintext))).toEqual(texts(records(0, 2)));
  });

  it('gives back appended records in order after it is opened again', async () => {
    const { file: journal } = await open();
    await journal.append(records(0, 3), { durable: true });
    await journal.append(records(3, 1), { durable: false });
    await journal.append(records(4, 2), { durable: true });
    await journal.close();

    const { report } = await open();

    expect(texts(report.decoded.frames.map((frame) => frame.plaintext))).toEqual(
      texts(records(0, 6)),
    );
    expect(report.decoded.frames.map((frame) => frame.seq)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('numbers records on from the last one when it is opened again', async () => {
    await journalHolding(records(0, 3));
    await journalHolding(records(3, 2));

    expect(onDisk().frames.map((frame) => frame.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(onDisk().gaps).toEqual([]);
  });

  it('resolves 200 durable appends made at once, and keeps them in the order they were made', async () => {
    const { file: journal } = await open();
    const plaintexts = records(0, 200);

    await Promise.all(
      plaintexts.map((plaintext) => journal.append([plaintext], { durable: true })),
    );

    expect(texts(onDisk().frames.map((frame) => frame.plaintext))).toEqual(texts(plaintexts));
    expect(journal.size()).toBe(readFileSync(file).length);
  });

  it('copies garbage after the last record aside, exactly, in a file only its owner can read', async () => {
    await journalHolding(records(0, 4));
    const garbage = Buffer.from('half a record that the power cut short');
    appendFileSync(file, garbage);

    const { report } = await open();

    expect(report.tornSetAside).toEqual({
      file: expect.stringMatching(TORN_NAME),
      bytes: garbage.length,
    });
    expect(besides(file, 'torn-')).toEqual([report.tornSetAside!.file]);
    expect(readFileSync(report.tornSetAside!.file)).toEqual(garbage);
    expect(modeOf(report.tornSetAside!.file)).toBe(0o600);
  });

  it('cuts the journal back to its last whole record after setting a torn end aside', async () => {
    await journalHolding(records(0, 4));
    const whole = readFileSync(file);
    appendFileSync(file, Buffer.from('half a record that the power cut short'));

    await open();

    expect(readFileSync(file)).toEqual(whole);
  });

  it('copies a last record cut short aside, exactly, and keeps every record before it', async () => {
    await journalHolding(records(0, 4));
    const before = readFileSync(file);
    const lastStart = onDisk().frames[3]!.offset;
    truncateSync(file, lastStart + 20);

    const { report } = await open();

    expect(readFileSync(report.tornSetAside!.file)).toEqual(
      before.subarray(lastStart, lastStart + 20),
    );
    expect(readFileSync(file)).toEqual(before.subarray(0, lastStart));
    expect(texts(report.decoded.frames.map((frame) => frame.plaintext))).toEqual(
      texts(records(0, 3)),
    );
  });

  it('appends readable records after a torn end was set aside', async () => {
    await journalHolding(records(0, 4));
    truncateSync(file, onDisk().frames[3]!.offset + 20);
    await journalHolding(records(10, 2));

    const decoded = onDisk();

    expect(texts(decoded.frames.map((frame) => frame.plaintext))).toEqual(
      texts([...records(0, 3), ...records(10, 2)]),
    );
    expect(decoded).toMatchObject({ damaged: [], gaps: [] });
    expect(decoded.torn).toBeUndefined();
  });

  it('logs a warning naming the file a torn end was set aside in', async () => {
    await journalHolding(records(0, 1));
    appendFileSync(file, Buffer.from('LKJ1 and then nothing'));

    const { report } = await open();

    expect(logs.records).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'a torn last record was set aside',
        data: expect.objectContaining({ file: report.tornSetAside!.file }),
      }),
    );
  });

  it('sets a second torn end aside beside the first when the clock shows the same time', async () => {
    await journalHolding(records(0, 2));
    appendFileSync(file, Buffer.from('first torn end'));
    const first = (await open()).report.tornSetAside!.file;
    await opened.pop()!.close();
    appendFileSync(file, Buffer.from('second torn end'));

    const second = (await open()).report.tornSetAside?.file;

    expect(second).toMatch(TORN_NAME);
    expect(second).not.toBe(first);
    expect(readFileSync(first, 'utf8')).toBe('first torn end');
    expect(readFileSync(second!, 'utf8')).toBe('second torn end');
  });

  it('holds exactly the records of a rewrite, numbered from 0', async () => {
    await journalHolding(records(0, 5));
    const { file: journal } = await open();

    await journal.rewrite(records(20, 2));

    const decoded = onDisk();
    expect(texts(decoded.frames.map((frame) => frame.plaintext))).toEqual(texts(records(20, 2)));
    expect(decoded.frames.map((frame) => frame.seq)).toEqual([0, 1]);
    expect(journal.size()).toBe(readFileSync(file).length);
  });

  it('leaves the rewritten file 0600 and no temporary file beside it', async () => {
    await journalHolding(records(0, 5));
    const { file: journal } = await open();

    await journal.rewrite(records(20, 2));

    expect(modeOf(file)).toBe(0o600);
    expect(readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
  });

  it('appends after a rewrite numbered on from it, readable after reopening', async () => {
    await journalHolding(records(0, 5));
    const { file: journal } = await open();
    await journal.rewrite(records(20, 2));
    await journal.append(records(30, 2), { durable: true });
    await journal.close();

    const { report } = await open();

    expect(texts(report.decoded.frames.map((frame) => frame.plaintext))).toEqual(
      texts([...records(20, 2), ...records(30, 2)]),
    );
    expect(report.decoded.frames.map((frame) => frame.seq)).toEqual([0, 1, 2, 3]);
    expect(report.decoded).toMatchObject({ damaged: [], gaps: [] });
  });
});
