import type { OfflineStatus } from '../../../src-common/ipc/offline';
import type { OfflineJournal } from '../journal/offline-journal';
import type { ConnectivityMonitor } from './connectivity';
import type { OfflineKnowledge } from './offline-knowledge';
import type { SyncEngine } from './sync';

// What the staff status screen shows of store and forward, read from the parts as they stand: the
// connection and the sync in one word each, the counts, and the first of the queue and exceptions.

/** Staff see this many queued transactions and exceptions; the export has them all. */
const LISTED = 200;

export function offlineStatus(parts: {
  journal: Pick<OfflineJournal, 'counts' | 'problem' | 'entries' | 'tornSetAside'>;
  sync: Pick<SyncEngine, 'status'>;
  connectivity: Pick<ConnectivityMonitor, 'state'>;
  knowledge: Pick<OfflineKnowledge, 'counts' | 'loss'>;
}): OfflineStatus {
  const { journal, connectivity, knowledge } = parts;
  const counts = journal.counts();
  const sync = parts.sync.status();
  const problem = journal.problem();
  const lost = knowledge.loss();
  const entries = journal.entries();
  const line = (entry: (typeof entries)[number]) => ({
    id: entry.txn.id,
    kind: entry.txn.kind,
    at: entry.txn.at,
    item: entry.txn.item,
    ...(entry.txn.member ? { member: entry.txn.member } : {}),
  });
  return {
    connectivity:
      connectivity.state() === 'offline'
        ? 'offline'
        : sync.phase === 'syncing'
          ? 'syncing'
          : 'online',
    // Nothing runs while offline, but what is queued is waiting for the service all the same.
    sync:
      sync.phase === 'idle' && counts.queued > 0 && connectivity.state() === 'offline'
        ? 'waiting-service'
        : sync.phase,
    queued: counts.queued,
    exceptions: counts.exceptions,
    ...(problem ? { problem } : {}),
    ...(journal.tornSetAside() ? { tornSetAside: journal.tornSetAside() } : {}),
    ...(sync.lastDrainedAt ? { lastDrainedAt: sync.lastDrainedAt } : {}),
    queue: entries
      .filter((entry) => entry.state === 'pending' || entry.state === 'in-flight')
      .slice(0, LISTED)
      .map(line),
    exceptionList: entries
      .filter((entry) => entry.state === 'exception')
      .slice(0, LISTED)
      .map((entry) => ({
        ...line(entry),
        reason: entry.exception?.reason ?? 'refused',
        ...(entry.exception?.status ? { status: entry.exception.status } : {}),
        ...(entry.exception?.code ? { code: entry.exception.code } : {}),
        ...(entry.exception?.message ? { message: entry.exception.message } : {}),
        // Facts, not words: the status screen words them in staff's language.
        ...(entry.exception?.unread ? { unread: { ...entry.exception.unread } } : {}),
      })),
    knowledge: knowledge.counts(),
    ...(lost ? { knowledgeLost: lost } : {}),
  };
}
