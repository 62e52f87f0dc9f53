import {
  memberBarcodeOf,
  type ItemBarcode,
  type MemberBarcode,
} from '../../../src-common/barcodes';
import type { Result } from '../../../src-common/result';
import { err, ok } from '../../../src-common/result';
import type { PatronMessage } from '../../../src-common/ipc/patron';
import type { LibraryError } from '../../library/library-error';
import type { CirculationResult, Loan, MemberCirculation } from '../../library/records';
import { UNKNOWN } from '../../library/values';
import type { OfflineSettings } from '../../settings/schema';
import type { OfflineJournal } from '../journal/offline-journal';
import { cardLookup } from '../circulation-port';
import type { CirculationAnswer, CirculationDesk, IdentifyAnswer } from '../circulation-port';
import type { CirculationPort } from '../../library/circulation-port';
import type { ConnectivityMonitor } from './connectivity';
import { isUnreachable } from './connectivity';
import type { OfflineKnowledge } from './offline-knowledge';
import { priorLoanOf } from './reconcile';
import { cardShows, routeOnline } from './desk-route';
import type { CardShows, DeskRoute } from './desk-route';
import type { PriorLoan } from '../journal/journal-records';
import { createLogger } from '../../../src-shared/log/logger';

const log = createLogger('circulation:desk');

export interface OfflineDeskParts {
  connectivity: ConnectivityMonitor;
  journal: OfflineJournal;
  knowledge: OfflineKnowledge;
  policy: OfflineSettings;
  /** The card pattern and check digit, as the scanner settings define them. */
  isCard(memberBarcode: MemberBarcode): boolean;
  /**
   * The item pattern and check digit: online the service refuses what is no item; offline the
   * kiosk must, or any printed code (a formula, say) would sit in the journal and its exports.
   */
  isItem(itemBarcode: ItemBarcode): boolean;
  /** A transaction was recorded: the sync sends it once the service is back. */
  recorded(): void;
  now(): number;
  /** How long to wait for a look-up that settles an unknown outcome while the patron waits. */
  confirmTimeoutMs: number;
}

/** The day `days` after `at`, in the kiosk's time zone: what an offline receipt promises. */
export function dueDayAfter(at: number, days: number): string {
  const due = new Date(at);
  due.setDate(due.getDate() + days);
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}`;
}

function refusedCode(code: 'member_blocked' | 'member_expired'): PatronMessage {
  return { kind: 'refused', code };
}

/**
 * The patron session's way to the service: straight to it while it answers, into the offline
 * journal when it cannot be reached (within the offline rules), and a look at the member's loans
 * when a check-out's answer was lost, so the patron learns whether it went through.
 */
export function createCirculationDesk(
  port: CirculationPort,
  parts: OfflineDeskParts,
): CirculationDesk {
  const { connectivity, journal, knowledge, policy } = parts;

  let recording = 0;

  // Damage holds the sync back but takes nothing away from appending: new records wait behind it.
  const journalWritable = (): boolean => {
    const problem = journal.problem();
    return problem === undefined || problem.kind === 'damaged';
  };

  /** Transactions of this item still in the journal: a new one must queue behind them. */
  const waitsInJournal = (itemBarcode: ItemBarcode): boolean =>
    journal.sendable().some((entry) => entry.txn.item === itemBarcode);

  function offlineIdentify(memberBarcode: MemberBarcode): IdentifyAnswer {
    // A block list lost to a damaged file: nobody borrows offline until staff act. The patron
    // reads what they would if borrowing were off offline; why is for staff (the status screen).
    if (!policy.checkOut || knowledge.checkOutPaused()) {
      return {
        via: 'offline',
        accepted: false,
        message: { kind: 'offline-check-out-unavailable' },
      };
    }
    if (!journalWritable()) {
      return { via: 'offline', accepted: false, message: { kind: 'offline-queue-full' } };
    }
    if (!parts.isCard(memberBarcode)) {
      return { via: 'offline', accepted: false, message: { kind: 'offline-card-not-accepted' } };
    }
    const block = knowledge.blockOf(memberBarcode, parts.now());
    if (block) return { via: 'offline', accepted: false, message: refusedCode(block) };
    return { via: 'offline', accepted: true };
  }

  async function record(
    kind: 'check-out' | 'check-in',
    request: {
      itemBarcode: ItemBarcode;
      memberBarcode?: MemberBarcode;
      queuedInSession?: number;
      prior?: PriorLoan;
    },
    queued: 'offline' | 'confirming',
  ): Promise<CirculationAnswer | undefined> {
    const at = parts.now();
    if (queued === 'offline') {
      const allowed = kind === 'check-out' ? policy.checkOut : policy.checkIn;
      if (!allowed) {
        return {
          via: 'declined',
          message: {
            kind:
              kind === 'check-out'
                ? 'offline-check-out-unavailable'
                : 'offline-check-in-unavailable',
          },
        };
      }
      if (!parts.isItem(request.itemBarcode)) {
        return { via: 'declined', message: { kind: 'offline-item-not-accepted' } };
      }
      if (kind === 'check-out' && (request.queuedInSession ?? 0) >= policy.maxItemsPerPatron) {
        return { via: 'declined', message: { kind: 'offline-limit' } };
      }
    }
    if (journal.counts().queued + recording >= policy.maxQueued || !journalWritable()) {
      // An unconfirmed transaction that cannot be written down is left to staff, as before.
      return queued === 'confirming'
        ? undefined
        : { via: 'declined', message: { kind: 'offline-queue-full' } };
    }
    const dueDay =
      kind === 'check-out' && request.memberBarcode
        ? dueDayAfter(at, knowledge.loanDays(request.memberBarcode, at) ?? policy.defaultLoanDays)
        : undefined;
    // Counted while it is written, so a burst cannot pass the queue limit between check and append.
    recording += 1;
    const recorded = await journal
      .record({
        kind,
        item: request.itemBarcode,
        ...(request.memberBarcode ? { member: request.memberBarcode } : {}),
        ...(dueDay ? { dueDate: dueDay } : {}),
        ...(queued === 'confirming' ? { unknownOutcome: true as const } : {}),
        ...(request.prior ? { prior: request.prior } : {}),
        at,
      })
      .finally(() => (recording -= 1));
    if (!recorded.ok) {
      return queued === 'confirming'
        ? undefined
        : { via: 'declined', message: { kind: 'offline-queue-full' } };
    }
    parts.recorded();
    return { via: 'journal', queued, ...(dueDay ? { dueDay } : {}) };
  }

  const serviceAnswer = (result: Result<CirculationResult, LibraryError>): CirculationAnswer => ({
    via: 'service',
    result,
  });

  /**
   * The patron at the kiosk as the service last showed them (this session's look-up, with its
   * check-outs since): what a renewal's loan was before it was sent. Replaced at the next card.
   */
  let patron: { memberBarcode: MemberBarcode; circulation: MemberCirculation } | undefined;

  function rememberPatron(
    memberBarcode: MemberBarcode | undefined,
    circulation: MemberCirculation | undefined,
  ) {
    patron = memberBarcode && circulation ? { memberBarcode, circulation } : undefined;
  }

  function priorOf(itemBarcode: ItemBarcode, memberBarcode: MemberBarcode): PriorLoan | undefined {
    return patron?.memberBarcode === memberBarcode
      ? priorLoanOf(patron.circulation, itemBarcode)
      : undefined;
  }

  /** A check-out the service answered: the patron's loans as the kiosk knows them follow it. */
  function lent(
    itemBarcode: ItemBarcode,
    memberBarcode: MemberBarcode,
    result: CirculationResult,
  ): void {
    if (patron?.memberBarcode !== memberBarcode || patron.circulation.loans === UNKNOWN) return;
    const loan: Loan = {
      extra: {},
      itemBarcode,
      checkedOutAt: UNKNOWN,
      dueDate: result.dueDate,
      overdue: false,
      fine: UNKNOWN,
    };
    const loans = patron.circulation.loans.filter((other) => other.itemBarcode !== itemBarcode);
    patron = { memberBarcode, circulation: { ...patron.circulation, loans: [...loans, loan] } };
  }

  /** After a check-out whose answer was lost: is the item on the member's card now? */
  async function confirmCheckOut(
    itemBarcode: ItemBarcode,
    memberBarcode: MemberBarcode,
    prior: PriorLoan | undefined,
  ): Promise<CardShows> {
    const lookup = await port.memberByBarcode(memberBarcode, {
      signal: AbortSignal.timeout(parts.confirmTimeoutMs),
    });
    if (!lookup.ok && isUnreachable(lookup.error)) connectivity.unreachable();
    if (lookup.ok) {
      connectivity.reachable();
      rememberPatron(memberBarcode, lookup.value);
    }
    const shows = cardShows(lookup, itemBarcode, prior);
    if (shows.found === 'applied' && shows.renewalUnclear)
      log.info('a renewal whose answer was lost shows no new due date; not sent again');
    return shows;
  }

  /** Tells connectivity what an online call's answer showed of the service. */
  function heardOf(route: DeskRoute): void {
    if (route.heard) connectivity.reachable();
    if (route.unreachable) connectivity.unreachable();
  }

  /** A renewal from the list while the library system is away: nothing sent, nothing recorded. */
  const renewalAway: CirculationAnswer = {
    via: 'declined',
    message: { kind: 'offline-renew-unavailable' },
  };

  /**
   * `renewal`: asked from the list of loans, whose item is not at the kiosk: not sent, it is
   * declined rather than recorded offline (a sent one whose answer was lost is still confirmed).
   */
  async function checkOutOnline(
    itemBarcode: ItemBarcode,
    memberBarcode: MemberBarcode,
    queuedInSession: number,
    retried: boolean,
    renewal = false,
  ): Promise<CirculationAnswer> {
    const prior = priorOf(itemBarcode, memberBarcode);
    const result = await port.checkOut({ itemBarcode, memberBarcode });
    const route = routeOnline('check-out', result);
    heardOf(route);
    if (result.ok) lent(itemBarcode, memberBarcode, result.value);
    if (route.then === 'answer' || result.ok) return serviceAnswer(result);
    if (route.then === 'record-offline') {
      if (renewal) return renewalAway;
      return (
        (await record('check-out', { itemBarcode, memberBarcode, queuedInSession }, 'offline')) ??
        serviceAnswer(result)
      );
    }
    // Sent, and no answer: look before anything else, so it is never applied twice.
    const confirmed = await confirmCheckOut(itemBarcode, memberBarcode, prior);
    if (confirmed.found === 'not-applied' && !retried) {
      return checkOutOnline(itemBarcode, memberBarcode, queuedInSession, true, renewal);
    }
    // Looked, and not on the card: the patron is told it did not go through, not to see staff.
    if (confirmed.found === 'not-applied')
      return serviceAnswer(err({ ...result.error, outcome: 'not-applied' }));
    if (confirmed.found === 'applied') return serviceAnswer(ok(confirmed.result));
    return (
      (await record(
        'check-out',
        { itemBarcode, memberBarcode, ...(prior ? { prior } : {}) },
        'confirming',
      )) ?? serviceAnswer(result)
    );
  }

  return {
    async identify(...[by, who, pin]) {
      rememberPatron(undefined, undefined);
      if (by === 'email') {
        if (connectivity.state() === 'offline') {
          return { via: 'offline', accepted: false, message: { kind: 'offline-card-only' } };
        }
        const result = await port.memberByEmail(who);
        if (!result.ok && isUnreachable(result.error)) {
          connectivity.unreachable();
          return { via: 'offline', accepted: false, message: { kind: 'offline-card-only' } };
        }
        connectivity.reachable();
        if (result.ok) rememberPatron(memberBarcodeOf(result.value.member.barcode), result.value);
        return { via: 'service', result };
      }
      const memberBarcode = who;
      if (connectivity.state() === 'offline') return offlineIdentify(memberBarcode);
      const result = await cardLookup(port, memberBarcode, pin);
      if (!result.ok && isUnreachable(result.error)) {
        connectivity.unreachable();
        return offlineIdentify(memberBarcode);
      }
      connectivity.reachable();
      if (result.ok) {
        knowledge.rememberLookup(memberBarcode, result.value, parts.now());
        rememberPatron(memberBarcode, result.value);
      }
      return { via: 'service', result };
    },

    async checkOut({ itemBarcode, memberBarcode, queuedInSession }) {
      if (connectivity.state() === 'offline' || waitsInJournal(itemBarcode)) {
        return (
          (await record(
            'check-out',
            { itemBarcode, memberBarcode, queuedInSession },
            'offline',
          )) ?? {
            via: 'declined',
            message: { kind: 'offline-queue-full' },
          }
        );
      }
      return checkOutOnline(itemBarcode, memberBarcode, queuedInSession, false);
    },

    async renew({ itemBarcode, memberBarcode }) {
      if (connectivity.state() === 'offline' || waitsInJournal(itemBarcode)) return renewalAway;
      return checkOutOnline(itemBarcode, memberBarcode, 0, false, true);
    },

    async checkIn(itemBarcode) {
      if (connectivity.state() === 'offline' || waitsInJournal(itemBarcode)) {
        return (
          (await record('check-in', { itemBarcode }, 'offline')) ?? {
            via: 'declined',
            message: { kind: 'offline-queue-full' },
          }
        );
      }
      const result = await port.checkIn(itemBarcode);
      const route = routeOnline('check-in', result);
      heardOf(route);
      if (route.then === 'answer') return serviceAnswer(result);
      const queued = route.then === 'record-unconfirmed' ? 'confirming' : 'offline';
      return (await record('check-in', { itemBarcode }, queued)) ?? serviceAnswer(result);
    },
  };
}
