import type {
  PatronMessage,
  PatronMessageKind,
  RefusalCode,
  StaffView,
} from '../../src-common/ipc/contract';
import type { MessageKey } from '../i18n/message-key';

/**
 * Every kind the core can send, mapped to a catalog id. The `Record` types make a kind added to
 * the contract without words here a compile error, not a blank on the screen.
 */

export const PATRON_MESSAGE_KEYS = {
  refused: 'message.kind.refused',
  unavailable: 'message.kind.unavailable',
  'outcome-unknown': 'message.kind.outcome-unknown',
  'card-as-item': 'message.kind.card-as-item',
  'item-as-card': 'message.kind.item-as-card',
  'unrecognised-barcode': 'message.kind.unrecognised-barcode',
  'fine-above-threshold': 'message.kind.fine-above-threshold',
  'invalid-email': 'message.kind.invalid-email',
  'email-not-found': 'message.kind.email-not-found',
  'offline-check-out-unavailable': 'message.kind.offline-check-out-unavailable',
  'offline-check-in-unavailable': 'message.kind.offline-check-in-unavailable',
  'offline-limit': 'message.kind.offline-limit',
  'offline-queue-full': 'message.kind.offline-queue-full',
  'offline-card-not-accepted': 'message.kind.offline-card-not-accepted',
  'offline-item-not-accepted': 'message.kind.offline-item-not-accepted',
  'offline-card-only': 'message.kind.offline-card-only',
  'pin-tries-used': 'sip2.message.pinTriesUsed',
  'check-out-not-offered': 'sip2.message.checkOutNotOffered',
  'offline-renew-unavailable': 'message.kind.offline-renew-unavailable',
  'unreadable-scan': 'message.kind.unreadable-scan',
  'more-time': 'message.moreTime.minutes',
} as const satisfies Record<PatronMessageKind, MessageKey>;

export const REFUSAL_KEYS = {
  member_not_found: 'message.refusal.member_not_found',
  member_blocked: 'message.refusal.member_blocked',
  member_expired: 'message.refusal.member_expired',
  fine_threshold_exceeded: 'message.refusal.fine_threshold_exceeded',
  loan_limit_reached: 'message.refusal.loan_limit_reached',
  item_not_found: 'message.refusal.item_not_found',
  item_on_loan_to_other: 'message.refusal.item_on_loan_to_other',
  item_not_on_loan: 'message.refusal.item_not_on_loan',
  pin_required: 'message.refusal.pin_required',
  other: 'message.refusal.other',
} as const satisfies Record<RefusalCode, MessageKey>;

/** What to say for a message: the kiosk's own words, plus the service's where it has none. */
export interface MessageWords {
  key: MessageKey;
  /** Values the words take (a count). */
  params?: Record<string, number>;
  /** The service's own text, shown under a plain heading; only for refusals the kiosk cannot name. */
  serviceText?: string;
}

/** A length of time as the words say it: whole minutes from two on, seconds below or between. */
function moreTimeWords(seconds: number): MessageWords {
  return seconds >= 120 && seconds % 60 === 0
    ? { key: 'message.moreTime.minutes', params: { count: seconds / 60 } }
    : { key: 'message.moreTime.seconds', params: { count: seconds } };
}

/**
 * What the screen knows that the message does not. `returnsTaken`: offline, whether the kiosk
 * still takes returns (known on the attract screen only); absent, the words say neither.
 */
export interface MessageContext {
  returnsTaken?: boolean;
}

export function messageWords(message: PatronMessage, context: MessageContext = {}): MessageWords {
  if (message.kind === 'offline-check-out-unavailable' && context.returnsTaken !== undefined) {
    return {
      key: context.returnsTaken
        ? 'message.offlineCheckOut.returnsTaken'
        : 'message.offlineCheckOut.noReturns',
    };
  }
  if (message.kind === 'more-time' && message.seconds !== undefined)
    return moreTimeWords(message.seconds);
  if (message.kind !== 'refused') return { key: PATRON_MESSAGE_KEYS[message.kind] };
  const code = message.code ?? 'other';
  const serviceText = message.serviceText?.trim();
  return code === 'other' && serviceText
    ? { key: REFUSAL_KEYS.other, serviceText }
    : { key: REFUSAL_KEYS[code] };
}

type AuthView = StaffView['auth'];
export type AuthProblemKind = NonNullable<AuthView['message']>['kind'];
export type VaultReason = NonNullable<AuthView['vault']['reason']>;
type SignInState = AuthView['state'];

export const SIGN_IN_STATE_KEYS = {
  'signed-out': 'auth.state.signed-out',
  'signing-in': 'auth.state.signing-in',
  'signed-in': 'auth.state.signed-in',
  'sign-in-needed': 'auth.state.sign-in-needed',
} as const satisfies Record<SignInState, MessageKey>;

export const AUTH_PROBLEM_KEYS = {
  'auth.state-mismatch': 'auth.message.state-mismatch',
  'auth.access-denied': 'auth.message.access-denied',
  'auth.authorization-error': 'auth.message.authorization-error',
  'auth.no-sign-in-in-progress': 'auth.message.no-sign-in-in-progress',
  'auth.sign-in-expired': 'auth.message.sign-in-expired',
  'auth.code-rejected': 'auth.message.code-rejected',
  'auth.client-rejected': 'auth.message.client-rejected',
  'auth.unreachable': 'auth.message.unreachable',
  'auth.unexpected-response': 'auth.message.unexpected-response',
  'auth.id-token-invalid': 'auth.message.id-token-invalid',
  'auth.session-expired': 'auth.message.session-expired',
  'auth.refresh-refused': 'auth.message.refresh-refused',
  'auth.vault-corrupt': 'auth.message.vault-corrupt',
  'auth.vault-key-unavailable': 'auth.message.vault-key-unavailable',
  'auth.service-changed': 'auth.message.service-changed',
  'auth.vault-not-persistent': 'auth.message.vault-not-persistent',
} as const satisfies Record<AuthProblemKind, MessageKey>;

export const VAULT_REASON_KEYS = {
  'vault.basic-text-refused': 'auth.vault.basic-text-refused',
  'vault.basic-text-allowed': 'auth.vault.basic-text-allowed',
  'vault.encryption-unavailable': 'auth.vault.encryption-unavailable',
} as const satisfies Record<VaultReason, MessageKey>;

/** A catalog id with the values it takes. */
export interface Words {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * Words for a count, in a sentence of their own for exactly one: both languages say "1 item" but
 * "2 items". Counts here are small, so the other plural forms of Spanish never come up.
 */
export function countWords(count: number, keys: { one: MessageKey; other: MessageKey }): Words {
  return count === 1 ? { key: keys.one } : { key: keys.other, params: { count } };
}
