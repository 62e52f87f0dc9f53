import { createFileVault, fileVaultPaths } from '../../../src-main/vault/file-vault';
import { signedIn } from '../../integration/auth/harness';
import { drained } from '../offline-trial';
import { readBaseline } from './circulation-check';
import type { Baseline, Circulation, CirculationAck } from './circulation-check';
import type { CrashEnvironment } from './environment';
import { REQUEST_TIMEOUT_MS } from './environment';
import { circulationClient, kioskKeys, startCirculation } from './kiosk-storage';
import type { BackEnd } from './kiosk-storage';
import type { NamedWorkload, Workload } from './workload';
import {
  acknowledge,
  answerLost,
  circulationInvariants,
  cutWhile,
  perform,
  recordOffline,
} from './circulation-steps';
import type { Ack } from './circulation-steps';
import { asItem, asMember } from '../barcodes';

/**
 * Staff sign in on a new kiosk (its keys and token vault made), a patron borrows two items and
 * returns one, all online: nothing goes to the journal, and every loan the patron saw is in the
 * service once whatever the crash. Vault: an acknowledged sign-in reads back.
 */
function patronSessionOnline(env: CrashEnvironment): Workload<Ack> {
  const member = env.borrower(3);
  const [first, second, returned] = env.freshItems(3) as [string, string, string];
  const attempted: Circulation[] = [
    { kind: 'check-out', item: first, member },
    { kind: 'check-out', item: second, member },
    { kind: 'check-in', item: returned },
  ];
  let baseline: Baseline = new Map();
  const invariants = circulationInvariants(
    env,
    'REST',
    () => attempted,
    () => baseline,
  );
  return {
    async prepare() {
      const lent = await env.staff.client.checkOut({
        itemBarcode: asItem(returned),
        memberBarcode: asMember(member),
      });
      if (!lent.ok) throw new Error(`could not lend ${returned}: ${lent.error.kind}`);
      baseline = readBaseline(env.ledger, [first, second, returned]);
    },
    async run({ dataDir, recorder, requests }) {
      const keys = await kioskKeys(dataDir);
      const staff = await signedIn(env.test, {
        vault: createFileVault(fileVaultPaths(dataDir), keys.vault),
        timeoutMs: REQUEST_TIMEOUT_MS,
      });
      recorder.mark({ mark: 'acknowledged', what: { kind: 'signed-in' } });
      const kiosk = await startCirculation(dataDir, requests.port(staff.client));
      try {
        await kiosk.desk.identify('barcode', asMember(member));
        for (const transaction of attempted) await perform(kiosk, recorder, transaction);
      } finally {
        await kiosk.dispose();
        staff.dispose();
      }
    },
    async check(context) {
      const problems = await invariants(context);
      const keys = await kioskKeys(context.dataDir);
      const vault = await createFileVault(fileVaultPaths(context.dataDir), keys.vault).load();
      const signedInAcked = context.acknowledged.some((ack) => ack.kind === 'signed-in');
      if (!vault.ok) problems.push(`the token vault cannot be read (${vault.error.kind})`);
      else if (signedInAcked && vault.value === null) problems.push('the staff sign-in is gone');
      return problems;
    },
  };
}

/**
 * The service is out: a patron's card is taken offline, three items lent and two returned, each
 * recorded in the journal before the patron sees it. After the crash the kiosk comes back online
 * and sends them, over REST or to the SIP2 listener.
 */
function offlineLendingAndReturns(env: CrashEnvironment, backEnd: BackEnd): Workload<Ack> {
  const member = env.borrower(5);
  const items = env.freshItems(5);
  const attempted: Circulation[] = [
    ...items.slice(0, 3).map((item): Circulation => ({ kind: 'check-out', item, member })),
    ...items.slice(3).map((item): Circulation => ({ kind: 'check-in', item })),
  ];
  let baseline: Baseline = new Map();
  return {
    async prepare() {
      for (const item of items.slice(3)) {
        const lent = await env.staff.client.checkOut({
          itemBarcode: asItem(item),
          memberBarcode: asMember(member),
        });
        if (!lent.ok) throw new Error(`could not lend ${item}: ${lent.error.kind}`);
      }
      baseline = readBaseline(env.ledger, items);
    },
    async run({ dataDir, recorder, requests }) {
      let down = true;
      const client = cutWhile(circulationClient(env, backEnd), () => down);
      const kiosk = await startCirculation(dataDir, requests.port(client), {
        probe: () => Promise.resolve(!down),
      });
      try {
        const identified = await kiosk.desk.identify('barcode', asMember(member));
        if (identified.via !== 'offline' || !identified.accepted)
          throw new Error('card not taken offline');
        let queued = 0;
        for (const transaction of attempted) {
          await perform(kiosk, recorder, transaction, queued);
          if (transaction.kind === 'check-out') queued += 1;
        }
      } finally {
        down = false;
        await kiosk.dispose();
      }
    },
    check: circulationInvariants(
      env,
      backEnd,
      () => attempted,
      () => baseline,
    ),
  };
}

/**
 * Offline, a burst: four loans and four returns scanned at once, so the journal writes several
 * records in one write and one fdatasync (group commit), each acknowledged as its own resolves.
 * A power cut may tear that write at any sector: no acknowledged record may be in the torn part.
 */
function offlineBurst(env: CrashEnvironment): Workload<Ack> {
  const member = env.borrower(8);
  const items = env.freshItems(8);
  const attempted: Circulation[] = [
    ...items.slice(0, 4).map((item): Circulation => ({ kind: 'check-out', item, member })),
    ...items.slice(4).map((item): Circulation => ({ kind: 'check-in', item })),
  ];
  let baseline: Baseline = new Map();
  return {
    async prepare() {
      for (const item of items.slice(4)) {
        const lent = await env.staff.client.checkOut({
          itemBarcode: asItem(item),
          memberBarcode: asMember(member),
        });
        if (!lent.ok) throw new Error(`could not lend ${item}: ${lent.error.kind}`);
      }
      baseline = readBaseline(env.ledger, items);
    },
    async run({ dataDir, recorder, requests }) {
      const client = cutWhile(circulationClient(env, 'REST'), () => true);
      const kiosk = await startCirculation(dataDir, requests.port(client), {
        probe: () => Promise.resolve(false),
      });
      try {
        kiosk.connectivity.unreachable();
        await Promise.all(
          attempted.map((transaction, index) =>
            perform(kiosk, recorder, transaction, transaction.kind === 'check-out' ? index : 0),
          ),
        );
      } finally {
        await kiosk.dispose();
      }
    },
    check: circulationInvariants(
      env,
      'REST',
      () => attempted,
      () => baseline,
    ),
  };
}

/**
 * The sync after an outage: three transactions recorded offline are sent; the first check-out's
 * answer is lost after the back end applied it, so the sync must settle it by the member's card
 * before anything is sent again; then the journal is compacted.
 */
function syncWithLostAnswer(env: CrashEnvironment, backEnd: BackEnd): Workload<Ack> {
  const member = env.borrower(4);
  const items = env.freshItems(4);
  const attempted: Circulation[] = [
    { kind: 'check-out', item: items[0]!, member },
    { kind: 'check-out', item: items[1]!, member },
    { kind: 'check-in', item: items[2]! },
    { kind: 'check-out', item: items[3]!, member },
  ];
  let baseline: Baseline = new Map();
  let recorded: CirculationAck[] = [];
  return {
    async prepare(_env, dataDir) {
      const lent = await env.staff.client.checkOut({
        itemBarcode: asItem(items[2]!),
        memberBarcode: asMember(member),
      });
      if (!lent.ok) throw new Error(`could not lend ${items[2]}: ${lent.error.kind}`);
      baseline = readBaseline(env.ledger, items);
      recorded = await recordOffline(env, dataDir, backEnd, attempted);
    },
    async run({ dataDir, recorder, requests }) {
      for (const ack of recorded) recorder.mark({ mark: 'acknowledged', what: ack });
      const lose = answerLost(env, backEnd);
      let lost = false;
      const marked = requests.port(circulationClient(env, backEnd));
      const kiosk = await startCirculation(dataDir, {
        ...marked,
        checkOut: (loan, opts) => {
          if (lost) return marked.checkOut(loan, opts);
          lost = true;
          return lose(() => marked.checkOut(loan, opts), 'checkOut');
        },
      });
      try {
        await drained(kiosk);
      } finally {
        await kiosk.dispose();
      }
    },
    check: circulationInvariants(
      env,
      backEnd,
      () => attempted,
      () => baseline,
    ),
  };
}

/**
 * Online, a check-out's answer is lost after the back end applied it and the look-up that
 * follows cannot reach it either: the desk records the loan as being confirmed. A crash between
 * the request going out and that record must leave one loan, not zero or two.
 */
function deskLostAnswer(env: CrashEnvironment, backEnd: BackEnd): Workload<Ack> {
  const member = env.borrower(2);
  const [unsure, after] = env.freshItems(2) as [string, string];
  const attempted: Circulation[] = [
    { kind: 'check-out', item: unsure, member },
    { kind: 'check-out', item: after, member },
  ];
  let baseline: Baseline = new Map();
  return {
    async prepare(_env, dataDir) {
      baseline = readBaseline(env.ledger, [unsure, after]);
      // The kiosk has started here before: its key and journal exist.
      const kiosk = await startCirculation(dataDir, circulationClient(env, backEnd));
      await kiosk.dispose();
    },
    async run({ recorder, requests, dataDir }) {
      let down = false;
      const client = cutWhile(circulationClient(env, backEnd), () => down);
      const marked = requests.port(client);
      const lose = answerLost(env, backEnd);
      let lost = false;
      const kiosk = await startCirculation(
        dataDir,
        {
          ...marked,
          checkOut: async (loan, opts) => {
            if (lost) return marked.checkOut(loan, opts);
            lost = true;
            const answer = await lose(() => marked.checkOut(loan, opts), 'checkOut');
            // The look-up that follows at once finds no service either.
            down = true;
            return answer;
          },
        },
        { probe: () => Promise.resolve(!down) },
      );
      try {
        await kiosk.desk.identify('barcode', asMember(member));
        const answer = await kiosk.desk.checkOut({
          itemBarcode: asItem(unsure),
          memberBarcode: asMember(member),
          queuedInSession: 0,
        });
        if (answer.via !== 'journal' || answer.queued !== 'confirming') {
          throw new Error(
            `the lost answer was not recorded as being confirmed: ${JSON.stringify(answer)}`,
          );
        }
        acknowledge(recorder, attempted[0]!, answer);
        down = false;
        kiosk.connectivity.reachable();
        await perform(kiosk, recorder, attempted[1]!);
        await drained(kiosk);
      } finally {
        down = false;
        await kiosk.dispose();
      }
    },
    check: circulationInvariants(
      env,
      backEnd,
      () => attempted,
      () => baseline,
    ),
  };
}

const named = (name: string, make: (env: CrashEnvironment) => Workload<Ack>): NamedWorkload => ({
  name,
  make: make as NamedWorkload['make'],
});

export const CIRCULATION_WORKLOADS: readonly NamedWorkload[] = [
  named('patron session online (REST)', patronSessionOnline),
  named('offline lending and returns (REST)', (env) => offlineLendingAndReturns(env, 'REST')),
  named('offline lending and returns (SIP2)', (env) => offlineLendingAndReturns(env, 'SIP2')),
  named('offline burst, group commit (REST)', offlineBurst),
  named('sync with a lost answer (REST)', (env) => syncWithLostAnswer(env, 'REST')),
  named('sync with a lost answer (SIP2)', (env) => syncWithLostAnswer(env, 'SIP2')),
  named('desk check-out with a lost answer (REST)', (env) => deskLostAnswer(env, 'REST')),
  named('desk check-out with a lost answer (SIP2)', (env) => deskLostAnswer(env, 'SIP2')),
];
