import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createRestLibraryClient } from '../src-main/library-client/client';
import { createSip2Client } from '../src-main/library-client/sip2/client';
import { itemBarcode, memberBarcode } from '../src-reference-service/barcode';
import { DEMO_MEMBERS } from '../src-reference-service/db/seed';
import { startService } from '../src-reference-service/index';
import { createLogger, setLogLevel } from '../src-shared/log/logger';
import { ok } from '../src-common/result';
import { startKioskUnderTest } from '../test/e2e/harness';
import { CARDS, scan, signInStaff } from '../test/e2e/patron-support';
import { FakeHidBackend, POS_SCANNER } from '../test/support/fake-hid';
import { accessToken } from '../test/support/service-oauth';
import { ENTER_CLOCK, SETTINGS, timedScan, waitForWelcome } from './patron-flow';
import { summarise, type BenchRow, type BenchSuite } from './index';
import { asItem, asMember } from '../test/support/barcodes';

const ROUNDS = 200;
const WARM_UP = 20;
const ITEMS = 10;
const MEMBER = memberBarcode(DEMO_MEMBERS.canBorrow);
/** Scan to feedback: rounds of ten check-outs then ten check-ins, per back end. */
const SCAN_ROUNDS = 6;
const RENDERER_DIR = path.resolve(process.env.KIOSK_E2E_RENDERER_DIR || 'dist/renderer');

type Timed = () => Promise<void>;

/**
 * The kiosk's two ways to the library's system, side by side against one reference service on
 * this machine: its REST client and its SIP2 client (over loopback TCP to the service's SIP2
 * listener, on one logged-in connection), each through the circulation port the patron session
 * uses: the card's lookup (63 / GET lmmemberbycard), a check-out (11 / checkout) and a check-in
 * (09 / checkin). Each round times one of each on both, in turn, so both see the same load.
 */
async function roundTrips(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-sip2-'));
  const service = await startService({
    ports: { base: 0, auth: 0, blob: 0 },
    quiet: true,
    dataDir,
    sip2: { port: 0 },
  });
  const sip2 = service.sip2;
  if (!sip2) throw new Error('the reference service started without its SIP2 listener');
  const token = await accessToken(service.authUrl);
  const rest = createRestLibraryClient({
    baseUrl: service.baseUrl,
    timeoutMs: 5000,
    tokens: {
      current: () => Promise.resolve(ok(token)),
      renew: async () => ok(await accessToken(service.authUrl)),
    },
  });
  const sip = createSip2Client({
    host: sip2.host,
    port: sip2.port,
    loginUser: sip2.loginUser,
    loginPassword: sip2.loginPassword,
    terminalPassword: '',
    locationCode: 'CEN',
    institutionId: sip2.institutionId,
    terminator: 'CR',
    checksums: true,
    encoding: sip2.encoding,
    requestTimeoutMs: 5000,
    retries: 1,
    feeWholeUnits: 'major-units',
    log: createLogger('bench-sip2'),
  });
  const samples = {
    restLookup: [] as number[],
    sipLookup: [] as number[],
    restOut: [] as number[],
    sipOut: [] as number[],
    restIn: [] as number[],
    sipIn: [] as number[],
  };
  try {
    for (let round = 0; round < WARM_UP + ROUNDS; round += 1) {
      const keep = round >= WARM_UP;
      // Two items per round, so neither client lends an item the other holds.
      const restItem = itemBarcode((round % ITEMS) + 1);
      const sipItem = itemBarcode((round % ITEMS) + 1 + ITEMS);
      const steps: [number[], Timed][] = [
        [
          samples.restLookup,
          async () => void (await timedOk(rest.memberByBarcode(asMember(MEMBER)))),
        ],
        [
          samples.sipLookup,
          async () => void (await timedOk(sip.memberByBarcode(asMember(MEMBER)))),
        ],
        [
          samples.restOut,
          async () =>
            void (await timedOk(
              rest.checkOut({ itemBarcode: asItem(restItem), memberBarcode: asMember(MEMBER) }),
            )),
        ],
        [
          samples.sipOut,
          async () =>
            void (await timedOk(
              sip.checkOut({ itemBarcode: asItem(sipItem), memberBarcode: asMember(MEMBER) }),
            )),
        ],
        [samples.restIn, async () => void (await timedOk(rest.checkIn(asItem(restItem))))],
        [samples.sipIn, async () => void (await timedOk(sip.checkIn(asItem(sipItem))))],
      ];
      for (const [into, step] of steps) {
        const started = performance.now();
        await step();
        if (keep) into.push(performance.now() - started);
      }
    }
  } finally {
    await sip.close();
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const rows = [
    summarise('REST member lookup (GET lmmemberbycard)', 'ms', samples.restLookup),
    summarise('SIP2 patron information (63/64)', 'ms', samples.sipLookup),
    summarise('REST check-out', 'ms', samples.restOut),
    summarise('SIP2 checkout (11/12)', 'ms', samples.sipOut),
    summarise('REST check-in', 'ms', samples.restIn),
    summarise('SIP2 checkin (09/10)', 'ms', samples.sipIn),
  ];
  printRatios(`round trips, ${ROUNDS} rounds after ${WARM_UP} of warm-up`, rows);
  return rows;
}

async function timedOk<T extends { ok: boolean }>(call: Promise<T>): Promise<T> {
  const result = await call;
  if (!result.ok) throw new Error(`a call failed: ${JSON.stringify(result)}`);
  return result;
}

/** SIP2's median over REST's for each pair of rows (REST first): the figures docs quote. */
function printRatios(title: string, rows: BenchRow[]): void {
  const fmt = (n: number): string => (n >= 10 ? n.toFixed(1) : n.toFixed(2));
  const lines = [
    '| operation | REST median (ms) | SIP2 median (ms) | SIP2 / REST |',
    '|---|--:|--:|--:|',
  ];
  for (let at = 0; at + 1 < rows.length; at += 2) {
    const [restRow, sipRow] = [rows[at], rows[at + 1]];
    if (!restRow || !sipRow) continue;
    lines.push(
      `| ${sipRow.case} | ${fmt(restRow.median)} | ${fmt(sipRow.median)} | ${(sipRow.median / restRow.median).toFixed(2)} |`,
    );
  }
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  process.stdout.write(`sip2: ${title}; load average ${load}\n${lines.join('\n')}\n\n`);
}

type ScanKiosk = Awaited<ReturnType<typeof startKioskUnderTest>> & { hid: FakeHidBackend };

/** A kiosk whose patron flow takes `backEnd`, in service, its page timing scans from the Enter. */
async function startScanKiosk(backEnd: 'service' | 'sip2'): Promise<ScanKiosk> {
  const hid = new FakeHidBackend();
  hid.plugged = [POS_SCANNER];
  const kiosk = {
    ...(await startKioskUnderTest({
      settings: { ...SETTINGS, patron: { ...SETTINGS.patron, backEnd } },
      hidBackend: hid,
    })),
    hid,
  };
  // A build that ignores patron.backEnd would time REST twice under two names.
  const booted = (kiosk.kiosk as { sip2?: unknown }).sip2 !== undefined;
  if (booted !== (backEnd === 'sip2')) {
    await kiosk.stop();
    throw new Error(`the kiosk did not start with the ${backEnd} back end`);
  }
  await kiosk.page.addInitScript(ENTER_CLOCK);
  await kiosk.page.reload();
  // A kiosk already in service (a staff sign-in kept in the vault) needs no sign-in.
  const first = kiosk.page.getByRole('heading', { name: /^(Out of service|Welcome)$/ });
  await first.waitFor();
  if ((await first.innerText()) === 'Out of service') await signInStaff(kiosk.page);
  return kiosk;
}

/** One round at one kiosk: the card, ten check-outs, done; return items, ten check-ins, done. */
async function scanRound(kiosk: ScanKiosk, out: number[], back: number[]): Promise<void> {
  const items = Array.from({ length: ITEMS }, (_, index) => itemBarcode(index + 1));
  await scan(kiosk, CARDS.canBorrow);
  await kiosk.page.getByRole('heading', { name: /^Hello/ }).waitFor();
  for (const item of items) out.push(await timedScan(kiosk, item));
  await kiosk.page.getByRole('button', { name: /done/i }).click();
  await waitForWelcome(kiosk.page);
  await kiosk.page.getByRole('button', { name: /return items/i }).click();
  await kiosk.page.getByRole('heading', { name: 'Return items' }).waitFor();
  for (const item of items) back.push(await timedScan(kiosk, item));
  await kiosk.page.getByRole('button', { name: /done/i }).click();
  await waitForWelcome(kiosk.page);
}

/**
 * Scan to feedback through the web host in headless Chromium, as bench/patron-flow.ts times it
 * (from the scan's Enter to the line's outcome in the DOM): two kiosks, one whose patron flow
 * takes the service interface and one SIP2 (its embedded service's listener, `sip2.host` empty),
 * each with its own embedded service, a round at one then a round at the other, so both see the
 * machine's load of the moment.
 */
async function scanToFeedback(): Promise<BenchRow[]> {
  const kiosks: ScanKiosk[] = [];
  const restOut: number[] = [];
  const restIn: number[] = [];
  const sipOut: number[] = [];
  const sipIn: number[] = [];
  try {
    const rest = await startScanKiosk('service');
    kiosks.push(rest);
    const sip = await startScanKiosk('sip2');
    kiosks.push(sip);
    for (let round = 0; round < SCAN_ROUNDS; round += 1) {
      await scanRound(rest, restOut, restIn);
      await scanRound(sip, sipOut, sipIn);
    }
  } finally {
    for (const kiosk of kiosks) await kiosk.stop();
  }
  return [
    summarise('REST scan to due date in the DOM (check-out)', 'ms', restOut),
    summarise('SIP2 scan to due date in the DOM (check-out)', 'ms', sipOut),
    summarise('REST scan to outcome in the DOM (check-in)', 'ms', restIn),
    summarise('SIP2 scan to outcome in the DOM (check-in)', 'ms', sipIn),
  ];
}

export const suite: BenchSuite = {
  name: 'sip2',
  async run() {
    setLogLevel('error');
    const rows = await roundTrips();
    if (!existsSync(path.join(RENDERER_DIR, 'index.html'))) {
      throw new Error('dist/renderer is missing: run `npm run build` first.');
    }
    const scans = await scanToFeedback();
    printRatios(`scan to feedback, ${SCAN_ROUNDS * ITEMS} scans each way per back end`, scans);
    return [...rows, ...scans];
  },
};
