import type { ItemBarcode, MemberBarcode } from '../../../src-common/barcodes';
import type { PatronMessage } from '../../../src-common/ipc/patron';
import type { OfflineSettings } from '../../settings/schema';
import type { OfflineJournal } from '../journal/offline-journal';
import type { PriorLoan } from '../journal/journal-records';
import type { CirculationAnswer, IdentifyAnswer } from '../circulation-port';
import type { OfflineKnowledge } from './offline-knowledge';

/**
 * What the offline rules let the kiosk take while the service is away, and the writing of it
 * into the journal: a card checked against the block list, an item against its pattern and the
 * per-patron and queue limits. Apart from the desk's routing (circulation-desk.ts), which decides
 * only whether a call goes to the service or comes here.
 */

export interface OfflineRules {
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
}

export type RecordRequest = {
  itemBarcode: ItemBarcode;
  memberBarcode?: MemberBarcode;
  queuedInSession?: number;
  prior?: PriorLoan;
};

/** The day `days` after `at`, in the kiosk's time zone: what an offline receipt promises. */
export function dueDayAfter(at: number, days: number): string {
  const due = new Date(at);
  due.setDate(due.getDate() + days);
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}`;
}

const refusedCode = (code: 'member_blocked' | 'member_expired'): PatronMessage => ({
  kind: 'refused',
  code,
});

const queueFull: CirculationAnswer = { via: 'declined', message: { kind: 'offline-queue-full' } };

/** The answer for a transaction the offline rules turn away before anything is written. */
function declinedOffline(
  rules: OfflineRules,
  kind: 'check-out' | 'check-in',
  request: RecordRequest,
): CirculationAnswer | undefined {
  const { policy } = rules;
  if (!(kind === 'check-out' ? policy.checkOut : policy.checkIn)) {
    const unavailable =
      kind === 'check-out' ? 'offline-check-out-unavailable' : 'offline-check-in-unavailable';
    return { via: 'declined', message: { kind: unavailable } };
  }
  if (!rules.isItem(request.itemBarcode)) {
    return { via: 'declined', message: { kind: 'offline-item-not-accepted' } };
  }
  if (kind === 'check-out' && (request.queuedInSession ?? 0) >= policy.maxItemsPerPatron) {
    return { via: 'declined', message: { kind: 'offline-limit' } };
  }
  return undefined;
}

export function offlineRecording(rules: OfflineRules) {
  const { journal, knowledge, policy } = rules;
  let recording = 0;

  // Damage holds the sync back but takes nothing away from appending: new records wait behind it.
  const journalWritable = (): boolean => {
    const problem = journal.problem();
    return problem === undefined || problem.kind === 'damaged';
  };

  return {
    /** Transactions of this item still in the journal: a new one must queue behind them. */
    waitsInJournal: (itemBarcode: ItemBarcode): boolean =>
      journal.sendable().some((entry) => entry.txn.item === itemBarcode),

    /** A card checked by the offline rules alone. */
    identify(memberBarcode: MemberBarcode): IdentifyAnswer {
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
      if (!rules.isCard(memberBarcode)) {
        return { via: 'offline', accepted: false, message: { kind: 'offline-card-not-accepted' } };
      }
      const block = knowledge.blockOf(memberBarcode, rules.now());
      if (block) return { via: 'offline', accepted: false, message: refusedCode(block) };
      return { via: 'offline', accepted: true };
    },

    /**
     * Writes a transaction down: `offline` to be sent, within the offline rules; `confirming`
     * (sent once, its answer lost) whatever they say, or `undefined` when it cannot be written,
     * which leaves it to staff as before.
     */
    async record(
      kind: 'check-out' | 'check-in',
      request: RecordRequest,
      queued: 'offline' | 'confirming',
    ): Promise<CirculationAnswer | undefined> {
      const at = rules.now();
      if (queued === 'offline') {
        const declined = declinedOffline(rules, kind, request);
        if (declined) return declined;
      }
      if (journal.counts().queued + recording >= policy.maxQueued || !journalWritable()) {
        return queued === 'confirming' ? undefined : queueFull;
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
      if (!recorded.ok) return queued === 'confirming' ? undefined : queueFull;
      rules.recorded();
      return { via: 'journal', queued, ...(dueDay ? { dueDay } : {}) };
    },
  };
}
