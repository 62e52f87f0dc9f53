import {
  memberBarcodeOf,
  type ItemBarcode,
  type MemberBarcode,
} from '../../../src-common/barcodes';
import type { Result } from '../../../src-common/result';
import { err, ok } from '../../../src-common/result';
import type { LibraryError } from '../../library/library-error';
import type { CirculationResult } from '../../library/records';
import { cardLookup } from '../circulation-port';
import type { CirculationAnswer, CirculationDesk } from '../circulation-port';
import type { CirculationPort } from '../../library/circulation-port';
import type { ConnectivityMonitor } from './connectivity';
import { isUnreachable } from './connectivity';
import { cardShows, routeOnline } from './desk-route';
import type { CardShows, DeskRoute } from './desk-route';
import type { PriorLoan } from '../journal/journal-records';
import { offlineRecording, type OfflineRules } from './offline-recording';
import { patronAtDesk } from './patron-at-desk';
import { createLogger } from '../../../src-shared/log/logger';

export { dueDayAfter } from './offline-recording';

const log = createLogger('circulation:desk');

export interface OfflineDeskParts extends OfflineRules {
  connectivity: ConnectivityMonitor;
  /** How long to wait for a look-up that settles an unknown outcome while the patron waits. */
  confirmTimeoutMs: number;
}

const serviceAnswer = (result: Result<CirculationResult, LibraryError>): CirculationAnswer => ({
  via: 'service',
  result,
});

/** A renewal from the list while the library system is away: nothing sent, nothing recorded. */
const renewalAway: CirculationAnswer = {
  via: 'declined',
  message: { kind: 'offline-renew-unavailable' },
};

const queueFull: CirculationAnswer = { via: 'declined', message: { kind: 'offline-queue-full' } };

/**
 * The patron session's way to the service: straight to it while it answers, into the offline
 * journal when it cannot be reached (within the offline rules, offline-recording.ts), and a look
 * at the member's loans when a check-out's answer was lost, so the patron learns whether it went
 * through. What is decided here is the route of each call and what an online answer means.
 */
export function createCirculationDesk(
  port: CirculationPort,
  parts: OfflineDeskParts,
): CirculationDesk {
  const { connectivity, knowledge } = parts;
  const offline = offlineRecording(parts);
  const patron = patronAtDesk();
  /** Offline, or the item still has transactions in the journal: this one queues behind them. */
  const queues = (itemBarcode: ItemBarcode): boolean =>
    connectivity.state() === 'offline' || offline.waitsInJournal(itemBarcode);

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
      patron.remember(memberBarcode, lookup.value);
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
    const prior = patron.priorOf(itemBarcode, memberBarcode);
    const result = await port.checkOut({ itemBarcode, memberBarcode });
    const route = routeOnline('check-out', result);
    heardOf(route);
    if (result.ok) patron.lent(itemBarcode, memberBarcode, result.value);
    if (route.then === 'answer' || result.ok) return serviceAnswer(result);
    if (route.then === 'record-offline') {
      if (renewal) return renewalAway;
      const request = { itemBarcode, memberBarcode, queuedInSession };
      return (await offline.record('check-out', request, 'offline')) ?? serviceAnswer(result);
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
    const request = { itemBarcode, memberBarcode, ...(prior ? { prior } : {}) };
    return (await offline.record('check-out', request, 'confirming')) ?? serviceAnswer(result);
  }

  return {
    async identify(...[by, who, pin]) {
      patron.forget();
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
        if (result.ok) patron.remember(memberBarcodeOf(result.value.member.barcode), result.value);
        return { via: 'service', result };
      }
      const memberBarcode = who;
      if (connectivity.state() === 'offline') return offline.identify(memberBarcode);
      const result = await cardLookup(port, memberBarcode, pin);
      if (!result.ok && isUnreachable(result.error)) {
        connectivity.unreachable();
        return offline.identify(memberBarcode);
      }
      connectivity.reachable();
      if (result.ok) {
        knowledge.rememberLookup(memberBarcode, result.value, parts.now());
        patron.remember(memberBarcode, result.value);
      }
      return { via: 'service', result };
    },

    async checkOut({ itemBarcode, memberBarcode, queuedInSession }) {
      if (queues(itemBarcode)) {
        const request = { itemBarcode, memberBarcode, queuedInSession };
        return (await offline.record('check-out', request, 'offline')) ?? queueFull;
      }
      return checkOutOnline(itemBarcode, memberBarcode, queuedInSession, false);
    },

    async renew({ itemBarcode, memberBarcode }) {
      if (queues(itemBarcode)) return renewalAway;
      return checkOutOnline(itemBarcode, memberBarcode, 0, false, true);
    },

    async checkIn(itemBarcode) {
      if (queues(itemBarcode)) {
        return (await offline.record('check-in', { itemBarcode }, 'offline')) ?? queueFull;
      }
      const result = await port.checkIn(itemBarcode);
      const route = routeOnline('check-in', result);
      heardOf(route);
      if (route.then === 'answer') return serviceAnswer(result);
      const queued = route.then === 'record-unconfirmed' ? 'confirming' : 'offline';
      return (await offline.record('check-in', { itemBarcode }, queued)) ?? serviceAnswer(result);
    },
  };
}
