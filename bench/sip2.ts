import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createServiceClient } from '../src-main/library-client/client';
import { createSip2Client } from '../src-main/library-client/sip2/client';
import { itemBarcode, memberBarcode } from '../src-reference-service/barcode';
import { DEMO_MEMBERS } from '../src-reference-service/db/seed';
import { startService } from '../src-reference-service/index';
import { createLogger, setLogLevel } from '../src-shared/log/logger';
import { ok } from '../src-shared/result';
import { accessToken } from '../test/support/service-oauth';
import { summarise, type BenchRow, type BenchSuite } from './index';

const ROUNDS = 200;
const WARM_UP = 20;
const ITEMS = 10;
const MEMBER = memberBarcode(DEMO_MEMBERS.canBorrow);

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
  const rest = createServiceClient({
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
        [samples.restLookup, async () => void (await timedOk(rest.memberByBarcode(MEMBER)))],
        [samples.sipLookup, async () => void (await timedOk(sip.memberByBarcode(MEMBER)))],
        [
          samples.restOut,
          async () =>
            void (await timedOk(rest.checkOut({ itemBarcode: restItem, memberBarcode: MEMBER }))),
        ],
        [
          samples.sipOut,
          async () =>
            void (await timedOk(sip.checkOut({ itemBarcode: sipItem, memberBarcode: MEMBER }))),
        ],
        [samples.restIn, async () => void (await timedOk(rest.checkIn(restItem)))],
        [samples.sipIn, async () => void (await timedOk(sip.checkIn(sipItem)))],
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
  printRatios(rows);
  return rows;
}

async function timedOk<T extends { ok: boolean }>(call: Promise<T>): Promise<T> {
  const result = await call;
  if (!result.ok) throw new Error(`a call failed: ${JSON.stringify(result)}`);
  return result;
}

/** SIP2's median over REST's, per operation: the figure docs/performance.md quotes. */
function printRatios(rows: BenchRow[]): void {
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
  process.stdout.write(
    `sip2: load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}, ${ROUNDS} rounds after ${WARM_UP} of warm-up\n${lines.join('\n')}\n\n`,
  );
}

export const suite: BenchSuite = {
  name: 'sip2',
  async run() {
    setLogLevel('warn');
    return roundTrips();
  },
};
