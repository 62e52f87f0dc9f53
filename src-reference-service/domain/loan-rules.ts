import { CURRENCY } from '../config';
import { fail, type ApiErrorKind, type Result } from '../errors';
import { daysOverdue, utcDate } from './dates';
import type { MemberRow } from './members';

// The library's lending rules, apart from the database: who may borrow (in the check order of
// docs/service-api.md), in what words a block refuses, and what a late return is fined.

/** A member type's terms: loan period and limit, when fines block, and how fines grow. */
export interface TypeRow {
  loan_period_days: number;
  loan_limit: number;
  fine_threshold_cents: number;
  daily_fine_cents: number;
  max_fine_per_item_cents: number;
}

export const money = (cents: number): number => cents / 100;

/** Refusals that apply to a member before any item is considered, in check order. */
export function blocks(
  member: MemberRow,
  type: TypeRow,
  at: Date,
  loansHeld: number,
): ApiErrorKind[] {
  const found: ApiErrorKind[] = [];
  if (member.status === 'blocked') found.push('member_blocked');
  if (member.expiry_date < utcDate(at)) found.push('member_expired');
  if (member.fine_cents > type.fine_threshold_cents) found.push('fine_threshold_exceeded');
  if (loansHeld >= type.loan_limit) found.push('loan_limit_reached');
  return found;
}

const BLOCK_MESSAGES = {
  member_blocked: (m: MemberRow) => `Member ${m.barcode} is blocked: please ask the library staff.`,
  member_expired: (m: MemberRow) => `Membership of ${m.barcode} expired on ${m.expiry_date}.`,
  fine_threshold_exceeded: (m: MemberRow) =>
    `Member ${m.barcode} owes ${money(m.fine_cents).toFixed(2)} ${CURRENCY}, above the limit for borrowing.`,
};

/** The member's first block a check-out meets, as the refusal it answers; none, undefined. */
export function checkoutBlock(
  member: MemberRow,
  type: TypeRow,
  at: Date,
): Result<never> | undefined {
  const refuse = (kind: keyof typeof BLOCK_MESSAGES): Result<never> =>
    fail(kind, BLOCK_MESSAGES[kind](member));
  if (member.status === 'blocked') return refuse('member_blocked');
  if (member.expiry_date < utcDate(at)) return refuse('member_expired');
  if (member.fine_cents > type.fine_threshold_cents) return refuse('fine_threshold_exceeded');
  return undefined;
}

/** The overdue fine of one loan at `at`, as check-in charges it (and a renewal, before renewing). */
export function overdueFine(dueAt: string, type: TypeRow | undefined, at: Date) {
  const late = daysOverdue(dueAt, at);
  const fineCents = type ? Math.min(late * type.daily_fine_cents, type.max_fine_per_item_cents) : 0;
  return { late, fineCents };
}
