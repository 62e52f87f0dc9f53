import { copyFile, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFileJournalKey, journalKeyFile } from '../../../src-main/vault/journal-key';
import { openOfflineJournal } from '../../../src-main/circulation/journal/offline-journal';
import type { JournalEntry } from '../../../src-main/circulation/journal/journal-entry';
import type { JournalProblem } from '../../../src-main/circulation/journal/offline-journal';
import { offlineFiles } from '../../../src-main/circulation/offline/offline-files';
import { itemLabel } from '../../../src-main/circulation/patron-view';
import type { IpcResult, KioskState } from '../../../src-common/ipc/contract';
import type { StoredSettings } from '../../../src-main/settings/resolve';
import type { FaultController } from '../../../src-reference-service/index';
import { cliLogin } from '../../support/cli-login';
import { connectIpc } from '../../support/ipc-wire-client';
import { readLendingRoom } from '../../support/lending-room';
import { openLedger } from '../../support/offline-kiosk';
import type { ServiceLedger } from '../../support/offline-kiosk';
import { seededRandom } from '../../support/random';
import { startWebHostChild } from '../../support/web-host-child';
import type { WebHostChild, WebHostExit } from '../../support/web-host-child';
import { LIBRARIAN, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';

/**
 * docs/offline.md: a transaction is fsynced to the journal before the patron sees it recorded, and
 * the sync applies each one exactly once. Here the web host runs as a station runs it, the service
 * is unreachable, patrons scan a burst of check-outs over the renderer's socket, and the host is
 * killed with SIGKILL part-way through; a second host on the same data folder sends the journal.
 */

const TRANSACTIONS = 500;
const SEED = Number(process.env.OFFLINE_KILL_SEED ?? Math.floor(Math.random() * 2 ** 32));
/** Acknowledgements the test sees before it kills the host: 100 to 400, from the seed. */
const KILL_AFTER = 100 + Math.floor(seededRandom(SEED)() * 301);
const REPLAY = `seed ${SEED}, kill after ${KILL_AFTER} acknowledgements; replay with OFFLINE_KILL_SEED=${SEED}`;

const SETTINGS: StoredSettings = {
  offline: { maxItemsPerPatron: 100 },
  // "I'm done" ends the session without the receipt question.
  receipt: { mode: 'none' },
  // A keyboard-wedge scanner: scans arrive over the renderer's socket, no HID device is read.
  scanner: { device: { mode: 'off' } },
};

/** One patron at the kiosk: a card, then a burst of items. */
interface Visit {
  card: string;
  items: string[];
}

let test: TestService;
let faults: FaultController;
let ledger: ServiceLedger;
let dataDir: string;
let kioskEnv: Record<string, string>;
let visits: Visit[];
const hosts: WebHostChild[] = [];

/**
 * 500 check-outs the service grants: items nobody has borrowed, shared among members in turn up
 * to each one's loan limit, so that a refusal at sync time can only be the kiosk's doing.
 */
function planVisits(serviceDataDir: string): Visit[] {
  const { borrowers, neverLent } = readLendingRoom(serviceDataDir);
  const planned: Visit[] = [];
  let next = 0;
  for (const { card, room } of borrowers) {
    if (next >= TRANSACTIONS) break;
    const items = neverLent.slice(next, next + Math.min(room, TRANSACTIONS - next));
    next += items.length;
    // Lines are told apart by their label (the barcode's end): unique within a session.
    if (new Set(items.map(itemLabel)).size !== items.length) {
      throw new Error(`two items of ${card}'s visit share a label: ${items.join(', ')}`);
    }
    planned.push({ card, items });
  }
  if (next < TRANSACTIONS) throw new Error(`the seed lends room for ${next} check-outs only`);
  return planned;
}

beforeAll(async () => {
  test = await startTestService({ faults: true });
  if (!test.service.faults) throw new Error('the service was started without its fault knobs');
  faults = test.service.faults;
  const serviceDir = path.join(test.dir, 'service');
  ledger = openLedger(serviceDir);
  visits = planVisits(serviceDir);
  dataDir = path.join(test.dir, 'kiosk');
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify(SETTINGS), { mode: 0o600 });
  kioskEnv = { KIOSK_BASE_URL: test.service.baseUrl, KIOSK_AUTH_URL: test.service.authUrl };
  // Staff sign the station in with the CLI; the web host uses the same data folder's vault.
  const login = await cliLogin(
    { PATH: process.env.PATH, HOME: test.dir, KIOSK_DATA_DIR: dataDir, ...kioskEnv },
    LIBRARIAN,
  );
  if (login.code !== 0) throw new Error(`login exited ${login.code}: ${login.stderr}`);
});

afterAll(async () => {
  for (const host of hosts) await host.kill('SIGKILL');
  ledger?.close();
  await test?.stop();
});

async function startHost(): Promise<WebHostChild> {
  const host = await startWebHostChild(dataDir, kioskEnv);
  hosts.push(host);
  return host;
}

const accepted = (result: IpcResult<unknown>): boolean =>
  result.ok && (result.value as { accepted?: boolean }).accepted === true;

const readyForCard = (state: KioskState): boolean =>
  (state.screen.name === 'attract' && !state.screen.signedOut) || state.screen.name === 'thanks';

interface Burst {
  /** Item -> card, for every line the kiosk showed as recorded before the kill. */
  acknowledged: Map<string, string>;
  /** Lines that ended otherwise than recorded offline (declined, refused...). */
  otherwise: Map<string, string>;
  /** Items scanned, and acknowledgements seen, when the kill was sent. */
  scannedAtKill: number;
  acknowledgedAtKill: number;
  exit: WebHostExit | undefined;
}

/**
 * Patrons one after another, each scanning all their items at once without waiting for an
 * answer; a line showing `queued` is an acknowledgement. After `killAfter` of them, SIGKILL.
 */
async function burstUntilKilled(host: WebHostChild, killAfter: number): Promise<Burst> {
  const kiosk = await connectIpc(host.launchUrl);
  const acknowledged = new Map<string, string>();
  const otherwise = new Map<string, string>();
  let visit: { card: string; byLabel: Map<string, string> } | undefined;
  let killed: Promise<WebHostExit> | undefined;
  let scanned = 0;
  let scannedAtKill = 0;
  let acknowledgedAtKill = 0;
  kiosk.onState(({ screen }) => {
    if (screen.name !== 'patron' || !visit) return;
    for (const line of screen.session) {
      if (line.status === 'pending') continue;
      const item = visit.byLabel.get(line.label);
      if (item && line.status === 'queued' && line.queued === 'offline') {
        acknowledged.set(item, visit.card);
      } else {
        otherwise.set(`${visit.card} ${line.label}`, JSON.stringify(line));
      }
    }
    if (!killed && acknowledged.size >= killAfter) {
      scannedAtKill = scanned;
      acknowledgedAtKill = acknowledged.size;
      killed = host.kill('SIGKILL');
    }
  });
  try {
    for (const { card, items } of visits) {
      if (killed) break;
      await kiosk.until(readyForCard);
      visit = { card, byLabel: new Map(items.map((item) => [itemLabel(item), item])) };
      expect(accepted(await kiosk.invoke('station.scanner.submitWedgeScan', { code: card }))).toBe(
        true,
      );
      const { screen } = await kiosk.until((state) => state.screen.name === 'patron');
      // Identified by the offline rules: the service could not be asked.
      expect(screen.name === 'patron' && screen.patron.offline).toEqual({ maxItems: 100 });
      const scans = items.map((code) => kiosk.invoke('station.scanner.submitWedgeScan', { code }));
      scanned += items.length;
      await kiosk.until(
        (state) =>
          state.screen.name === 'patron' &&
          state.screen.session.length === items.length &&
          state.screen.session.every((line) => line.status !== 'pending'),
      );
      const results = await Promise.all(scans);
      if (killed) break;
      expect(results.filter((result) => !accepted(result))).toEqual([]);
      expect((await kiosk.invoke('patron.finish')).ok).toBe(true);
    }
  } catch (error) {
    // The kill closes the socket under whatever the burst was waiting for.
    if (!killed) throw error;
  } finally {
    kiosk.close();
  }
  return { acknowledged, otherwise, scannedAtKill, acknowledgedAtKill, exit: await killed };
}

interface JournalContents {
  entries: JournalEntry[];
  problem: JournalProblem | undefined;
}

/** Opens a copy of the journal and its key, leaving the kiosk's own files as they are. */
async function journalCopy(into: string): Promise<JournalContents> {
  await mkdir(path.dirname(offlineFiles(into).journal), { recursive: true, mode: 0o700 });
  await mkdir(path.dirname(journalKeyFile(into)), { recursive: true, mode: 0o700 });
  await copyFile(offlineFiles(dataDir).journal, offlineFiles(into).journal);
  await copyFile(journalKeyFile(dataDir), journalKeyFile(into));
  return readJournal(into);
}

async function readJournal(folder: string): Promise<JournalContents> {
  const journal = await openOfflineJournal({
    file: offlineFiles(folder).journal,
    keys: createFileJournalKey(journalKeyFile(folder)),
  });
  try {
    return { entries: [...journal.held()], problem: journal.problem() };
  } finally {
    await journal.close();
  }
}

/**
 * Applied transactions leave the file once the queue is empty (docs/offline.md): an empty journal
 * is the kiosk's own "all sent". If it never empties, what is left says why.
 */
async function untilDrained(host: WebHostChild): Promise<void> {
  try {
    await vi.waitFor(async () => expect((await stat(offlineFiles(dataDir).journal)).size).toBe(0), {
      timeout: 30_000,
      interval: 50,
    });
  } catch (error) {
    await host.kill('SIGTERM');
    const left = (await readJournal(dataDir)).entries.map(
      ({ txn, state, exception }) =>
        `${txn.item} ${state} ${exception?.code ?? ''} ${exception?.message ?? ''}`,
    );
    throw new Error(
      `the sync did not drain (${REPLAY}); ${left.length} left: ${left.slice(0, 10).join('; ')}\n${host.output()}`,
      { cause: error },
    );
  }
}

describe('kill -9 of the web host during a burst of offline check-outs', () => {
  it('keeps every acknowledged check-out in the journal and applies each exactly once after a restart', async ({
    annotate,
  }) => {
    await annotate(REPLAY);
    faults.set({ outage: true });
    const burst = await burstUntilKilled(await startHost(), KILL_AFTER);
    expect(burst.exit, REPLAY).toEqual({ code: null, signal: 'SIGKILL' });
    expect([...burst.otherwise.values()], REPLAY).toEqual([]);
    expect(burst.acknowledged.size, REPLAY).toBeGreaterThanOrEqual(KILL_AFTER);

    // What the restarted kiosk will find: every acknowledged check-out, each recorded once.
    const afterKill = await journalCopy(path.join(test.dir, 'journal-after-kill'));
    expect(afterKill.problem, REPLAY).toBeUndefined();
    const journaled = new Map<string, string>();
    const recordedTwice: string[] = [];
    for (const { txn, state } of afterKill.entries) {
      if (journaled.has(txn.item)) recordedTwice.push(txn.item);
      journaled.set(txn.item, `${txn.kind} ${txn.member ?? ''} ${state}`);
    }
    expect(recordedTwice, REPLAY).toEqual([]);
    const missing = [...burst.acknowledged]
      .filter(([item, card]) => journaled.get(item) !== `check-out ${card} pending`)
      .map(([item, card]) => `${item} for ${card}: ${journaled.get(item) ?? 'not in the journal'}`);
    expect(missing, REPLAY).toEqual([]);

    faults.set({ outage: false });
    const restartedAt = performance.now();
    const restarted = await startHost();
    const runningAt = performance.now();
    await untilDrained(restarted);
    const startMs = Math.round(runningAt - restartedAt);
    const drainMs = Math.round(performance.now() - runningAt);
    expect(await restarted.kill('SIGTERM'), restarted.output()).toEqual({ code: 0, signal: null });

    // Each journaled check-out applied once (a second one would be a renewal); nothing else lent.
    const planned = visits.flatMap(({ card, items }) => items.map((item) => ({ item, card })));
    const wrong = planned
      .map(({ item, card }) => {
        const expected = journaled.has(item) ? [card, 1] : [undefined, 0];
        const actual = [ledger.holderOf(item), ledger.lendingsOf(item)];
        return { item, expected, actual };
      })
      .filter(({ expected, actual }) => expected[0] !== actual[0] || expected[1] !== actual[1]);
    expect(wrong, REPLAY).toEqual([]);
    const left = await readJournal(dataDir);
    expect([left.entries.length, left.problem], REPLAY).toEqual([0, undefined]);

    const tornAside = (await readdir(path.dirname(offlineFiles(dataDir).journal))).filter((name) =>
      name.startsWith('journal.bin.torn-'),
    );
    await annotate(
      [
        `killed at ${burst.acknowledgedAtKill} acknowledgements of ${burst.scannedAtKill} scans`,
        `${burst.acknowledged.size} acknowledged in all`,
        `${journaled.size - burst.acknowledged.size} more journaled, unacknowledged`,
        `torn tail set aside: ${tornAside.length > 0 ? 'yes' : 'no'}`,
        `restart: ${startMs} ms to running, then ${drainMs} ms to drained`,
      ].join('; '),
    );
  }, 90_000);
});
