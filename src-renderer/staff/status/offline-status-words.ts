import type { ExceptionLine, OfflineStatus } from '../../../src-common/ipc/contract';
import type { KnowledgeLoss } from '../../../src-common/ipc/offline';
import type { MessageKey } from '../../i18n/message-key';
import { countWords, type Words } from '../../lib/messages';

/**
 * Catalog ids for what staff see of store and forward. The `Record` types make a state added to
 * the contract without words here a compile error.
 */

type JournalProblem = NonNullable<OfflineStatus['problem']>;

export const CONNECTIVITY_KEYS = {
  online: 'offline.connectivity.online',
  offline: 'offline.connectivity.offline',
  syncing: 'offline.connectivity.syncing',
} as const satisfies Record<OfflineStatus['connectivity'], MessageKey>;

export const SYNC_KEYS = {
  idle: 'offline.sync.idle',
  syncing: 'offline.sync.syncing',
  'waiting-service': 'offline.sync.waiting-service',
  'waiting-sign-in': 'offline.sync.waiting-sign-in',
  stopped: 'offline.sync.stopped',
} as const satisfies Record<OfflineStatus['sync'], MessageKey>;

export const PROBLEM_KEYS = {
  'key-missing': 'offline.problem.key-missing',
  'key-unreadable': 'offline.problem.key-unreadable',
  'key-unavailable': 'offline.problem.key-unavailable',
  damaged: 'offline.problem.damaged',
  'write-failed': 'offline.problem.write-failed',
} as const satisfies Record<JournalProblem['kind'], MessageKey>;

export const TRANSACTION_KIND_KEYS = {
  'check-out': 'offline.kind.check-out',
  'check-in': 'offline.kind.check-in',
} as const satisfies Record<ExceptionLine['kind'], MessageKey>;

export const EXCEPTION_REASON_KEYS = {
  refused: 'offline.reason.refused',
  unconfirmed: 'offline.reason.unconfirmed',
  'not-sent': 'offline.reason.not-sent',
} as const satisfies Record<ExceptionLine['reason'], MessageKey>;

type UnreadAnswer = NonNullable<ExceptionLine['unread']>;

export const UNREAD_ANSWER_KEYS = {
  redirected: 'diagnostics.status.unreadAnswer.redirected',
  'too-large': 'diagnostics.status.unreadAnswer.tooLarge',
} as const satisfies Record<UnreadAnswer['kind'], MessageKey>;

/**
 * An answer the kiosk did not follow or read, in staff's words (the service gave none); `size`
 * writes the cap as the screen writes sizes ("4 MB").
 */
export function unreadAnswerWords(unread: UnreadAnswer, size: (bytes: number) => string): Words {
  return unread.kind === 'redirected'
    ? { key: UNREAD_ANSWER_KEYS.redirected, params: { target: unread.target } }
    : { key: UNREAD_ANSWER_KEYS['too-large'], params: { limit: size(unread.limitBytes) } };
}

/** The sync's state; waiting for a sign-in with something queued says what signing in sends. */
export function syncWords(status: Pick<OfflineStatus, 'sync' | 'queued'>): Words {
  if (status.sync === 'waiting-sign-in' && status.queued > 0) {
    return countWords(status.queued, {
      one: 'offline.signInToSendOne',
      other: 'offline.signInToSend',
    });
  }
  return { key: SYNC_KEYS[status.sync] };
}

export function problemWords(problem: JournalProblem): Words {
  const key = PROBLEM_KEYS[problem.kind];
  switch (problem.kind) {
    case 'damaged':
      return {
        key,
        params: { regions: problem.regions, bytes: problem.bytes, waiting: problem.waiting },
      };
    case 'write-failed':
      return { key, params: { code: problem.code } };
    default:
      return { key };
  }
}

/**
 * What staff read of a lost offline card check file: borrowing paused (or lent without a block
 * list since staff confirmed), and where the unreadable file was kept. `time` formats epoch ms.
 */
export function knowledgeLossWords(loss: KnowledgeLoss, time: (ms: number) => string): Words[] {
  return [
    loss.confirmedAt === undefined
      ? { key: 'offline.knowledgeLost.paused', params: { time: time(loss.at) } }
      : { key: 'offline.knowledgeLost.confirmed', params: { time: time(loss.confirmedAt) } },
    loss.setAside
      ? { key: 'offline.knowledgeLost.keptAt', params: { file: loss.setAside } }
      : { key: 'offline.knowledgeLost.notMoved' },
  ];
}

/** Line numbers for a sentence: the first `max` of them, and how many more there are. */
export function lineNumbers(numbers: readonly number[], max = 20): { lines: string; more: number } {
  return { lines: numbers.slice(0, max).join(', '), more: Math.max(0, numbers.length - max) };
}
