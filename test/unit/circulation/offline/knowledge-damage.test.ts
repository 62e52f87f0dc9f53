import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileJournalKey, journalKeyFile } from '../../../../src-main/vault/journal-key';
import { offlineFiles } from '../../../../src-main/circulation/offline/offline-files';
import { startOfflineCirculation } from '../../../../src-main/circulation/offline/offline-circulation';
import type { OfflineCirculation } from '../../../../src-main/circulation/offline/offline-circulation';
import { sessionScreen } from '../../../../src-main/circulation/session-screen';
import { OfflineSettingsSchema } from '../../../../src-main/settings/schema';
import { err } from '../../../../src-common/result';
import { down, unreachablePort } from './desk-support';
import { captureLogs } from '../../../support/log-capture';
import { asItem, asMember } from '../../../support/barcodes';

/**
 * A damaged offline-knowledge file (issue 22, item 9): with real files, a block list is imported,
 * the sealed file is damaged (one bit flipped, or cut short), and the offline circulation starts
 * again as after a restart. The blocked card must not borrow offline; the file is set aside and
 * staff are told; returns go on; an import or a staff confirmation lifts the pause.
 */

const BLOCKED = '24410000000018';
const OTHER_CARD = '24410000000026';
const ITEM = asItem('30000000000011');
const isCard = (code: string): boolean => /^24410\d{9}$/.test(code);
const isItem = (code: string): boolean => /^3\d{13}$/.test(code);

let dataDir: string;
let running: OfflineCirculation | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'knowledge-damage-'));
});
afterEach(async () => {
  await running?.dispose();
  running = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

/** The kiosk's offline circulation as it starts, with the library system out of reach. */
async function start(): Promise<OfflineCirculation> {
  await running?.dispose();
  running = await startOfflineCirculation({
    dataDir,
    baseUrl: 'http://127.0.0.1:9',
    settings: OfflineSettingsSchema.parse({ probeFirstDelayMs: 60_000, probeMaxDelayMs: 60_000 }),
    requestTimeoutMs: 1_000,
    client: {
      ...unreachablePort(),
      listMemberTypes: async () => err(down('listMemberTypes')),
    },
    keys: createFileJournalKey(journalKeyFile(dataDir)),
    signedIn: () => false,
    isCard,
    isItem,
    fetch: async () => {
      throw new TypeError('fetch failed');
    },
  });
  return running;
}

const knowledgeFile = (): string => offlineFiles(dataDir).knowledge;

async function setAsideFiles(): Promise<string[]> {
  const names = await readdir(path.dirname(knowledgeFile()));
  return names.filter((name) => name.startsWith('knowledge.bin.corrupt-'));
}

/** Imports a block list naming BLOCKED, then stops: the file holds it, sealed. */
async function importedThenStopped(): Promise<Buffer> {
  const offline = await start();
  expect(await offline.importBlockList(`card\n${BLOCKED}\n`)).toEqual({
    imported: 1,
    rejected: [],
  });
  await offline.dispose();
  running = undefined;
  return readFile(knowledgeFile());
}

async function flipOneBit(at: number): Promise<void> {
  const bytes = await readFile(knowledgeFile());
  bytes[at] = bytes[at]! ^ 0x01;
  await writeFile(knowledgeFile(), bytes);
}

const paused = {
  via: 'offline',
  accepted: false,
  message: { kind: 'offline-check-out-unavailable' },
} as const;

// What the operator's log says of a damaged file, a pause and a staff confirmation.
const SET_ASIDE =
  'warn files:set-aside: offline card knowledge file could not be read and was set aside; its block list and remembered cards are gone; offline borrowing waits until staff import the block list again or confirm lending without it';
const PAUSED =
  'warn circulation:offline: offline borrowing paused: the offline card knowledge was unreadable';
const CONFIRMED = 'warn circulation:offline: staff confirmed lending offline without a block list';

describe('a damaged offline-knowledge file fails closed', () => {
  let logs: ReturnType<typeof captureLogs>;
  beforeEach(() => {
    logs = captureLogs('warn');
  });
  afterEach(() => logs.restore());

  it('refuses the blocked card offline after one flipped bit, where it was accepted before', async () => {
    const sealed = await importedThenStopped();
    // A bit inside the ciphertext: under the seal, it would change one card hash.
    await flipOneBit(sealed.length - 10);
    const damaged = await readFile(knowledgeFile());

    const offline = await start();
    expect(await offline.desk.identify('barcode', asMember(BLOCKED))).toEqual(paused);
    // Every card waits, not only those that were on the list: the list is unknown now.
    expect(await offline.desk.identify('barcode', asMember(OTHER_CARD))).toEqual(paused);

    // Set aside, byte for byte, for inspection; a fresh file carries the pause.
    const aside = await setAsideFiles();
    expect(aside).toHaveLength(1);
    const asideFile = path.join(path.dirname(knowledgeFile()), aside[0]!);
    expect((await readFile(asideFile)).equals(damaged)).toBe(true);
    expect((await stat(asideFile)).mode & 0o777).toBe(0o600);

    // Staff are told on the status screen, with the file's place.
    expect(offline.status().knowledgeLost).toEqual({ at: expect.any(Number), setAside: asideFile });
    expect(offline.status().knowledge.imported).toBe(0);
    expect(logs.lines()).toEqual([SET_ASIDE, PAUSED]);
  });

  it('refuses the blocked card offline after the file is cut short, and after the fresh file is removed', async () => {
    const sealed = await importedThenStopped();
    await truncate(knowledgeFile(), sealed.length - 40);
    let offline = await start();
    expect(await offline.desk.identify('barcode', asMember(BLOCKED))).toEqual(paused);
    expect(offline.status().knowledgeLost?.setAside).toMatch(/knowledge\.bin\.corrupt-/);

    // An empty file (a rename that a power cut left without its data) is damage too.
    await offline.dispose();
    running = undefined;
    await writeFile(knowledgeFile(), '');
    offline = await start();
    expect(await offline.desk.identify('barcode', asMember(BLOCKED))).toEqual(paused);
    expect(await setAsideFiles()).toHaveLength(2);

    // No file at all, but one set aside before: still lost, never "nothing was imported".
    await offline.dispose();
    running = undefined;
    await rm(knowledgeFile());
    offline = await start();
    expect(await offline.desk.identify('barcode', asMember(BLOCKED))).toEqual(paused);
    expect(logs.lines()).toEqual([
      SET_ASIDE,
      PAUSED,
      SET_ASIDE,
      PAUSED,
      'warn circulation:offline: offline knowledge missing after one was set aside: offline borrowing paused',
    ]);
  });

  it('keeps taking returns offline while borrowing waits', async () => {
    const sealed = await importedThenStopped();
    await flipOneBit(Math.floor(sealed.length / 2));
    const offline = await start();
    expect(await offline.desk.checkIn(ITEM)).toEqual({ via: 'journal', queued: 'offline' });
    expect(offline.status().queued).toBe(1);
    expect(logs.lines()).toEqual([SET_ASIDE, PAUSED]);
  });

  it('keeps the pause across a restart until staff act', async () => {
    const sealed = await importedThenStopped();
    await flipOneBit(sealed.length - 1);
    let offline = await start();
    const { at } = offline.status().knowledgeLost!;
    offline = await start();
    expect(await offline.desk.identify('barcode', asMember(OTHER_CARD))).toEqual(paused);
    expect(offline.status().knowledgeLost?.at).toBe(at);
    // Nothing more was set aside, nor said again: the fresh file was whole.
    expect(await setAsideFiles()).toHaveLength(1);
    expect(logs.lines()).toEqual([SET_ASIDE, PAUSED]);
  });

  it('lifts the pause when staff import the block list again, which then refuses the blocked card', async () => {
    const sealed = await importedThenStopped();
    await flipOneBit(sealed.length - 10);
    let offline = await start();

    // A file with no card in it (the wrong file, say) is not the list staff mean.
    expect((await offline.importBlockList('card\nnot a card\n')).imported).toBe(0);
    expect(await offline.desk.identify('barcode', asMember(OTHER_CARD))).toEqual(paused);

    await offline.importBlockList(`${BLOCKED}\n`);
    expect(offline.status().knowledgeLost).toBeUndefined();
    expect(await offline.desk.identify('barcode', asMember(OTHER_CARD))).toEqual({
      via: 'offline',
      accepted: true,
    });
    const blocked = {
      via: 'offline',
      accepted: false,
      message: { kind: 'refused', code: 'member_blocked' },
    };
    expect(await offline.desk.identify('barcode', asMember(BLOCKED))).toEqual(blocked);

    offline = await start();
    expect(offline.status().knowledgeLost).toBeUndefined();
    expect(await offline.desk.identify('barcode', asMember(BLOCKED))).toEqual(blocked);
    expect(logs.lines()).toEqual([SET_ASIDE, PAUSED]);
  });

  it('lends offline without a block list once staff confirm, until the next import', async () => {
    const sealed = await importedThenStopped();
    await flipOneBit(sealed.length - 10);
    let offline = await start();
    expect(await offline.lendWithoutBlockList()).toBe(true);
    expect(offline.status().knowledgeLost?.confirmedAt).toEqual(expect.any(Number));
    expect(await offline.desk.identify('barcode', asMember(OTHER_CARD))).toEqual({
      via: 'offline',
      accepted: true,
    });
    // Asked again: nothing waits for it.
    expect(await offline.lendWithoutBlockList()).toBe(false);

    // The confirmation is the station's, written down: a restart keeps lending.
    offline = await start();
    expect(offline.status().knowledgeLost?.confirmedAt).toEqual(expect.any(Number));
    expect((await offline.desk.identify('barcode', asMember(OTHER_CARD))).via).toBe('offline');
    expect(await offline.desk.identify('barcode', asMember(OTHER_CARD))).toEqual({
      via: 'offline',
      accepted: true,
    });

    await offline.importBlockList(`${BLOCKED}\n`);
    expect(offline.status().knowledgeLost).toBeUndefined();
    // Said once, when staff confirmed: the restart that keeps lending says nothing more.
    expect(logs.lines()).toEqual([SET_ASIDE, PAUSED, CONFIRMED]);
  });

  it('says borrowing is paused on the attract screen while offline, returns still taken', async () => {
    const sealed = await importedThenStopped();
    await flipOneBit(sealed.length - 10);
    const offline = await start();
    const config = {
      branchName: 'Central',
      patron: { allowEmail: false },
      receiptMode: 'none',
      printBy: 'renderer',
      offline: { checkOut: true, checkIn: true, maxItemsPerPatron: 5 },
      offlineCheckOutPaused: () => offline.knowledge.checkOutPaused(),
    } as unknown as Parameters<typeof sessionScreen>[0];
    const attract = { step: { name: 'attract' }, offline: true, signedOut: false };
    const screen = () => sessionScreen(config, attract as Parameters<typeof sessionScreen>[1]);
    expect(screen()).toMatchObject({ offline: { checkOut: false, checkIn: true } });
    await offline.lendWithoutBlockList();
    expect(screen()).toMatchObject({ offline: { checkOut: true, checkIn: true } });
    expect(logs.lines()).toEqual([SET_ASIDE, PAUSED, CONFIRMED]);
  });
});

describe('a station without a damaged file', () => {
  it('lends offline by the card pattern when it never had a knowledge file, and tells staff nothing', async () => {
    const offline = await start();
    expect(await offline.desk.identify('barcode', asMember(OTHER_CARD))).toEqual({
      via: 'offline',
      accepted: true,
    });
    expect(offline.status().knowledgeLost).toBeUndefined();
    expect(await setAsideFiles().catch(() => [])).toEqual([]);
  });

  it('leaves the file untouched when the journal key is missing (the key, not the file, is gone)', async () => {
    const offline0 = await start();
    await offline0.importBlockList(`${BLOCKED}\n`);
    // A journal on disk: without its key it is left alone, and no new key is made.
    expect((await offline0.desk.checkIn(ITEM)).via).toBe('journal');
    await offline0.dispose();
    running = undefined;
    const sealed = await readFile(knowledgeFile());
    await rm(journalKeyFile(dataDir));
    const logs = captureLogs('warn');
    const offline = await start().finally(() => logs.restore());
    expect(offline.status().problem?.kind).toBe('key-missing');
    expect(logs.lines()).toEqual([
      'error circulation:journal: the offline journal cannot be opened',
    ]);
    expect(offline.status().knowledgeLost).toBeUndefined();
    await offline.dispose();
    running = undefined;
    expect((await readFile(knowledgeFile())).equals(sealed)).toBe(true);
    expect(await setAsideFiles()).toEqual([]);
  });
});
