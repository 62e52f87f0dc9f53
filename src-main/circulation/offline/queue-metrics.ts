import type { SyncOutcome } from '../../metrics/kiosk-metrics';
import type { JournalEntry } from '../journal/journal-entry';
import type { Settlement } from '../journal/offline-journal';

/**
 * The offline queue as the fleet sees it (docs/operations.md): counts and the oldest waiting
 * transaction's time; never an item, a member or a barcode.
 */
export function oldestQueuedAt(entries: readonly JournalEntry[]): Date | undefined {
  let oldest: number | undefined;
  for (const entry of entries) {
    if (entry.state !== 'pending' && entry.state !== 'in-flight') continue;
    if (oldest === undefined || entry.txn.at < oldest) oldest = entry.txn.at;
  }
  return oldest === undefined ? undefined : new Date(oldest);
}

/**
 * What a settlement of the sync counts as: applied, refused by the service, or failed (staff must
 * look: unconfirmed, never sent). A released one is sent again later: not counted.
 */
export function syncOutcomeOf(settlement: Settlement): SyncOutcome | undefined {
  switch (settlement.t) {
    case 'applied':
      return 'applied';
    case 'exception':
      return settlement.reason === 'refused' ? 'refused' : 'failed';
    default:
      return undefined;
  }
}
