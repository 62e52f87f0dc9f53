import { randomInt } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileJournalKey, journalKeyFile } from '../../../src-main/vault/journal-key';
import { startOfflineCirculation } from '../../../src-main/circulation/offline/offline-circulation';
import { createSip2Client } from '../../../src-main/library-client/sip2/client';
import type {
  Sip2Client,
  Sip2ClientOptions,
} from '../../../src-main/library-client/sip2/sip2-types';
import { OfflineSettingsSchema } from '../../../src-main/settings/schema';
import { createLogger } from '../../../src-shared/log/logger';
import { ok } from '../../../src-common/result';
import type { FaultSettings } from '../../../src-reference-service/faults';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import type { RunningSip2 } from '../../../src-reference-service/index';
import { startTestService, type TestService } from '../auth/harness';
import { createCuttableNetwork } from '../../support/cuttable-network';
import {
  isDemoCard,
  isDemoItem,
  openLedger,
  type ServiceLedger,
} from '../../support/offline-kiosk';
import type { KnownDefect } from '../../support/offline-model';
import { randomSteps, type Step } from '../../support/offline-steps';
import { runTrial, type TrialEnvironment } from '../../support/offline-trial';
import { seededRandom } from '../../support/random';
import { createCuttableSip2, type CuttableSip2 } from './sip2-cuttable-port';

/**
 * The randomised store-and-forward trials of test/integration/circulation/offline-randomised.test.ts,
 * with the kiosk on SIP2 against the reference listener: the same steps (online, outages, answers
 * dropped after the ACS acted, slow answers, restarts, crashes mid-request), the same model, and
 * the same verdict: every acknowledged transaction applied once, in order (0 lost, 0 doubled).
 * Fewer trials, so the file stays a few seconds long; OFFLINE_FUZZ_SEED replays a run.
 */

const TRIALS = Number(process.env.SIP2_FUZZ_TRIALS ?? 40);
const SEED = Number(process.env.OFFLINE_FUZZ_SEED ?? randomInt(2 ** 31));
const ONLY_TRIAL = process.env.OFFLINE_FUZZ_TRIAL
  ? Number(process.env.OFFLINE_FUZZ_TRIAL)
  : undefined;
const TOLERATED: readonly KnownDefect[] = [];
const REQUEST_TIMEOUT_MS = 2_000;

// Members in good standing, items 1..18 never lent by the seed (as in the REST trials).
const MEMBERS = [memberBarcode(1), memberBarcode(7)];
const itemsOfTrial = (trial: number): string[] =>
  [0, 1, 2].map((offset) => itemBarcode(1 + ((trial * 3 + offset) % 18)));

/**
 * The REST trials' "error" fault (a 5xx that may have acted) has no SIP2 form: the listener
 * answers it with a refusal, which a kiosk must take as a refusal. Here it becomes the fault SIP2
 * has instead, every answer's checksum spoiled until a 97 asks again.
 */
function overSip2(step: Step): Step {
  if (step.do !== 'faults' || step.set.errorRate === undefined) return step;
  const { errorRate, ...rest } = step.set;
  const set: Partial<FaultSettings> = { ...rest, sip2BadChecksumRate: errorRate };
  return { do: 'faults', set };
}

/**
 * SIP2 says a refusal's reason in words (AF); the kiosk reads it from the item's status (17), a
 * second request that the drop fault can lose too. A refusal left without its reason is still a
 * refusal (nothing applied, the ACS words kept for staff): counted here, not failed. The ledger
 * (lost or doubled transactions) is never set aside.
 */
function setAsideUnexplained(problems: readonly string[]): { kept: string[]; unexplained: number } {
  const kept = [...problems];
  let unexplained = 0;
  const exceptionOf = (line: string, prefix: string) =>
    line.startsWith(prefix)
      ? (JSON.parse(line.slice(prefix.length)) as Record<string, unknown>)
      : undefined;
  for (let at = kept.length - 1; at >= 0; at--) {
    const line = kept[at]!;
    if (/: the service refused undefined, the rules /.test(line)) {
      kept.splice(at, 1);
      unexplained += 1;
      continue;
    }
    const got = exceptionOf(line, 'unexpected exception ');
    if (!got || got.reason !== 'refused' || got.code !== undefined) continue;
    kept.splice(at, 1);
    unexplained += 1;
    const twin = kept.findIndex((other) => {
      const want = exceptionOf(other, 'missing exception ');
      return (
        want !== undefined &&
        want.kind === got.kind &&
        want.item === got.item &&
        want.member === got.member
      );
    });
    if (twin >= 0) {
      kept.splice(twin, 1);
      // A twin before this line moves the lines still to read one place down.
      if (twin < at) at -= 1;
    }
  }
  return { kept, unexplained };
}

let test: TestService;
let running: RunningSip2;
let ledger: ServiceLedger;
let network: CuttableSip2;
let env: TrialEnvironment;
let shelver: Sip2Client;
const clients: Sip2Client[] = [];

const clientOptions = (): Sip2ClientOptions => ({
  host: running.host,
  port: running.port,
  loginUser: running.loginUser,
  loginPassword: running.loginPassword,
  terminalPassword: '',
  locationCode: 'MAIN',
  institutionId: running.institutionId,
  terminator: 'CR',
  checksums: true,
  encoding: running.encoding,
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  retries: 2,
  feeWholeUnits: 'major-units',
  log: createLogger('test:sip2-trials'),
});

beforeAll(async () => {
  test = await startTestService({ faults: true, sip2: { port: 0 } });
  running = test.service.sip2!;
  network = createCuttableSip2(createCuttableNetwork());
  ledger = openLedger(path.join(test.dir, 'service'));
  shelver = createSip2Client(clientOptions());
  env = {
    faults: test.service.faults!,
    network,
    ledger,
    tolerated: TOLERATED,
    // Each start is a kiosk starting: a client of its own, a connection and a login of its own.
    open: (dataDir) => {
      const client = createSip2Client(clientOptions());
      clients.push(client);
      return startOfflineCirculation({
        dataDir,
        baseUrl: test.service.baseUrl,
        settings: OfflineSettingsSchema.parse({
          probeFirstDelayMs: 200,
          probeMaxDelayMs: 1_000,
          maxItemsPerPatron: 2,
        }),
        requestTimeoutMs: REQUEST_TIMEOUT_MS,
        client: { ...network.port(client), listMemberTypes: () => Promise.resolve(ok([])) },
        keys: createFileJournalKey(journalKeyFile(dataDir)),
        signedIn: () => true,
        isCard: isDemoCard,
        isItem: isDemoItem,
        fetch: network.fetch,
      });
    },
    checkIn: (item) => shelver.checkIn(item),
  };
});

afterAll(async () => {
  await Promise.all([shelver, ...clients].map((client) => client?.close()));
  ledger?.close();
  await test?.stop();
});

const randomOfTrial = (trial: number): (() => number) =>
  seededRandom((SEED ^ Math.imul(trial + 1, 0x9e3779b1)) >>> 0);

describe('store and forward over SIP2, over random interleavings', () => {
  it(`applies every acknowledged transaction once, in order, over ${TRIALS} trials`, async ({
    annotate,
  }) => {
    const trials = ONLY_TRIAL === undefined ? [...Array(TRIALS).keys()] : [ONLY_TRIAL];
    let steps = 0;
    let unexplained = 0;
    for (const trial of trials) {
      const cast = { items: itemsOfTrial(trial), members: MEMBERS };
      const trialSteps = randomSteps(randomOfTrial(trial), cast).map(overSip2);
      steps += trialSteps.length;
      const report = await runTrial(env, {
        dataDir: path.join(test.dir, `kiosk-${trial}`),
        steps: trialSteps,
        cast,
      });
      const replay = `OFFLINE_FUZZ_SEED=${SEED} OFFLINE_FUZZ_TRIAL=${trial}`;
      const problems = setAsideUnexplained(report.problems);
      unexplained += problems.unexplained;
      expect(
        problems.kept,
        [`trial ${trial} of seed ${SEED} (replay: ${replay})`, ...report.trace].join('\n'),
      ).toEqual([]);
      // Old kiosks' clients hang up once their last request is done.
      for (const client of clients.splice(0, clients.length - 1)) void client.close();
    }
    await annotate(
      `seed ${SEED}, ${trials.length} trials, ${steps} steps; refusals left without a reason: ${unexplained}`,
    );
  }, 120_000);
});
