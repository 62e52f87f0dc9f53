import { setTimeout as sleep } from 'node:timers/promises';
import type { CirculationAnswer } from '../../src-main/circulation/circulation-port';
import type { OfflineCirculation } from '../../src-main/circulation/offline/offline-circulation';
import type { RestLibraryClient } from '../../src-main/library-client/client';
import type { FaultController } from '../../src-reference-service/faults';
import type { CuttableNetwork } from './cuttable-network';
import type { ServiceLedger } from './offline-kiosk';
import { compare, createCirculationModel } from './offline-model';
import type { CirculationModel, ItemLedger, KnownDefect, Transaction } from './offline-model';
import { describeStep } from './offline-steps';
import type { Step, StepCast } from './offline-steps';
import { asItem, asMember } from './barcodes';

export interface TrialEnvironment {
  faults: FaultController;
  network: CuttableNetwork;
  ledger: ServiceLedger;
  /** Store and forward on `dataDir`, over `network`. */
  open(dataDir: string): Promise<OfflineCirculation>;
  /** Known defects whose differences are explained rather than reported. */
  tolerated: readonly KnownDefect[];
  /** Puts the trial's items back on the shelf for the next trial. */
  checkIn: RestLibraryClient['checkIn'];
}

export interface TrialReport {
  /** Each step and what the kiosk answered. */
  trace: string[];
  /** Where the end state differs from the acknowledged transactions applied once, in order. */
  problems: string[];
  /** Differences a tolerated known defect explains. */
  explained: KnownDefect[];
}

const DRAIN_TIMEOUT_MS = 10_000;

/** Waits until the journal has nothing left to send, standing in for probes that would get through. */
export async function drained(kiosk: OfflineCirculation): Promise<void> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  for (;;) {
    await kiosk.sync.idle();
    const { phase } = kiosk.sync.status();
    if (kiosk.journal.counts().queued === 0 && phase === 'idle') return;
    if (Date.now() > deadline) {
      throw new Error(`not drained: ${kiosk.journal.counts().queued} queued, sync ${phase}`);
    }
    if (kiosk.connectivity.state() === 'offline') kiosk.connectivity.reachable();
    else kiosk.sync.kick();
    await sleep(5);
  }
}

/** Tells the model what the kiosk made of a desk transaction; returns it in words. */
function acknowledge(
  model: CirculationModel,
  transaction: Transaction,
  answer: CirculationAnswer,
): string {
  switch (answer.via) {
    case 'journal':
      model.acknowledged(transaction, 'journal');
      return `journal (${answer.queued})`;
    case 'declined':
      return `declined (${answer.message.kind})`;
    case 'service': {
      if (answer.result.ok) {
        model.acknowledged(transaction, 'service');
        return 'done';
      }
      const { error } = answer.result;
      if (error.kind !== 'refused') return `not done: ${error.kind}, ${error.outcome}`;
      model.refusedOnline(transaction, error.code);
      return `refused ${error.code ?? error.status}`;
    }
    default:
      return answer satisfies never;
  }
}

function ledgerOf(ledger: ServiceLedger, item: string): ItemLedger {
  return {
    holder: ledger.holderOf(item),
    lendings: ledger.lendingsOf(item),
    checkIns: ledger.checkInsOf(item),
  };
}

/**
 * Runs `steps` on a kiosk with a fresh data folder, then ends the faults, restarts it and lets it
 * send everything; compares the service's state of the trial's items with the model.
 */
export async function runTrial(
  env: TrialEnvironment,
  trial: { dataDir: string; steps: readonly Step[]; cast: StepCast },
): Promise<TrialReport> {
  const { dataDir, cast } = trial;
  const start = Object.fromEntries(cast.items.map((item) => [item, ledgerOf(env.ledger, item)]));
  const model = createCirculationModel(start);
  const trace: string[] = [];
  // Check-outs recorded offline per member: the desk's per-patron limit counts them.
  const offlineCheckOuts = new Map<string, number>();
  let kiosk = await env.open(dataDir);

  let patron: string | undefined;

  async function restart(): Promise<void> {
    patron = undefined;
    await kiosk.dispose();
    kiosk = await env.open(dataDir);
  }

  async function perform(step: Step): Promise<string | undefined> {
    switch (step.do) {
      case 'desk': {
        const { transaction } = step;
        // A patron's check-outs follow their card, as in a session: the desk knows their loans.
        if (transaction.kind === 'check-out' && patron !== transaction.member) {
          await kiosk.desk.identify('barcode', asMember(transaction.member));
          patron = transaction.member;
        }
        const answer =
          transaction.kind === 'check-out'
            ? await kiosk.desk.checkOut({
                itemBarcode: asItem(transaction.item),
                memberBarcode: asMember(transaction.member),
                queuedInSession: offlineCheckOuts.get(transaction.member) ?? 0,
              })
            : await kiosk.desk.checkIn(asItem(transaction.item));
        if (
          transaction.kind === 'check-out' &&
          answer.via === 'journal' &&
          answer.queued === 'offline'
        ) {
          offlineCheckOuts.set(
            transaction.member,
            (offlineCheckOuts.get(transaction.member) ?? 0) + 1,
          );
        }
        return acknowledge(model, transaction, answer);
      }
      case 'faults':
        env.faults.set(step.set);
        return undefined;
      case 'reconnect':
        kiosk.connectivity.reachable();
        kiosk.sync.kick();
        return undefined;
      case 'settle':
        await kiosk.sync.idle();
        return undefined;
      case 'restart':
        await restart();
        return undefined;
      case 'crash': {
        if (step.reconnect) kiosk.connectivity.reachable();
        env.network.cutAt(step.at, step.when);
        kiosk.sync.kick();
        await kiosk.sync.idle();
        env.network.cut();
        // The service finishes what reached it before the kiosk comes back.
        await env.network.settled();
        const unsettled = kiosk.journal.sendable().filter((entry) => entry.needsReconcile).length;
        await kiosk.dispose();
        env.network.restore();
        kiosk = await env.open(dataDir);
        return `${unsettled} unknown outcome(s) left`;
      }
      default:
        return step satisfies never;
    }
  }

  const problems: string[] = [];
  const explained: KnownDefect[] = [];
  try {
    for (const [index, step] of trial.steps.entries()) {
      const answer = await perform(step);
      trace.push(`${index + 1}. ${describeStep(step)}${answer ? ` -> ${answer}` : ''}`);
    }
    env.faults.reset();
    await restart();
    await drained(kiosk);
    const observed = {
      items: Object.fromEntries(cast.items.map((item) => [item, ledgerOf(env.ledger, item)])),
      exceptions: kiosk.status().exceptionList.map((exception) => ({
        kind: exception.kind,
        item: exception.item,
        ...(exception.member ? { member: exception.member } : {}),
        ...(exception.code ? { code: exception.code } : {}),
        reason: exception.reason,
      })),
    };
    const comparison = compare(model.expectation(), observed, env.tolerated);
    problems.push(...comparison.problems);
    explained.push(...comparison.explained);
  } catch (error) {
    problems.push(
      `the trial failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  } finally {
    env.faults.reset();
    env.network.restore();
    await kiosk.dispose();
  }
  for (const item of cast.items) {
    if (env.ledger.holderOf(item) === undefined) continue;
    const back = await env.checkIn(asItem(item));
    if (!back.ok) problems.push(`item ${item} could not be put back: ${back.error.kind}`);
  }
  return { trace, problems, explained };
}
