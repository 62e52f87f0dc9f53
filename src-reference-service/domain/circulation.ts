import { randomUUID } from 'node:crypto';
import { CURRENCY } from '../config';
import type { Db } from '../db/open';
import { fail, ok, type ApiErrorKind, type Result } from '../errors';
import { daysOverdue, endOfUtcDay, utcDate } from './dates';
import { toMemberRecord, type MemberRow, type Members } from './members';
import type { CheckinResult, CheckoutRequest, CheckoutResult, MemberCirculation } from './schemas';

interface ItemRow {
  barcode: string;
  title: string;
  author: string;
}

interface LoanRow {
  item_barcode: string;
  member_id: string;
  checked_out_at: string;
  due_at: string;
}

interface TypeRow {
  loan_period_days: number;
  loan_limit: number;
  fine_threshold_cents: number;
  daily_fine_cents: number;
  max_fine_per_item_cents: number;
}

const money = (cents: number): number => cents / 100;

/**
 * What a SIP2 self-check may add to a check-out (sip2/handlers.ts): when it happened (an offline
 * kiosk's queued one), and with no-block, the due date the kiosk promised and no member blocks
 * (3M SIP2 2.00, "Checkout": the ACS must accept what the SC already let the patron take).
 */
export interface CheckoutOptions {
  at?: Date;
  noBlock?: { dueAt?: Date };
}

export function createCirculation(db: Db, members: Members, now: () => Date) {
  const item = db.prepare<[string], ItemRow>(
    'SELECT barcode, title, author FROM items WHERE barcode = ?',
  );
  const loan = db.prepare<[string], LoanRow>('SELECT * FROM loans WHERE item_barcode = ?');
  // Member types never change through the API: read them once.
  const memberTypes = new Map(
    db
      .prepare<[], TypeRow & { id: string }>('SELECT * FROM member_types')
      .all()
      .map((row) => [row.id, row]),
  );
  const memberType = { get: (id: string): TypeRow | undefined => memberTypes.get(id) };
  const loanCount = db.prepare<[string], { n: number }>(
    'SELECT COUNT(*) AS n FROM loans WHERE member_id = ?',
  );
  const pending = db.prepare<[string], LoanRow & ItemRow>(
    `SELECT loans.*, items.title, items.author, items.barcode FROM loans
     JOIN items ON items.barcode = loans.item_barcode
     WHERE loans.member_id = ? ORDER BY loans.checked_out_at, loans.item_barcode`,
  );
  const insertLoan = db.prepare(
    'INSERT INTO loans (item_barcode, member_id, checked_out_at, due_at) VALUES (?, ?, ?, ?)',
  );
  const renewLoan = db.prepare('UPDATE loans SET due_at = ? WHERE item_barcode = ?');
  const deleteLoan = db.prepare('DELETE FROM loans WHERE item_barcode = ?');
  const addFine = db.prepare('UPDATE members SET fine_cents = fine_cents + ? WHERE id = ?');
  const record = db.prepare(
    'INSERT INTO transactions (id, kind, item_barcode, member_id, at, due_at, fine_cents) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );

  /** Refusals that apply to a member before any item is considered, in check order. */
  function blocks(member: MemberRow, type: TypeRow, at: Date): ApiErrorKind[] {
    const found: ApiErrorKind[] = [];
    if (member.status === 'blocked') found.push('member_blocked');
    if (member.expiry_date < utcDate(at)) found.push('member_expired');
    if (member.fine_cents > type.fine_threshold_cents) found.push('fine_threshold_exceeded');
    if ((loanCount.get(member.id)?.n ?? 0) >= type.loan_limit) found.push('loan_limit_reached');
    return found;
  }

  function circulationOf(member: MemberRow): MemberCirculation {
    const at = now();
    const type = memberType.get(member.member_type_id ?? '');
    return {
      Member: toMemberRecord(member),
      Items: pending.all(member.id).map((row) => ({
        ItemBarcode: row.item_barcode,
        Title: row.title,
        Author: row.author,
        CheckedOutAt: row.checked_out_at,
        DueDate: row.due_at,
        Overdue: at.getTime() > Date.parse(row.due_at),
      })),
      Fine: money(member.fine_cents),
      Currency: CURRENCY,
      Blocks: type ? (blocks(member, type, at) as MemberCirculation['Blocks']) : [],
    };
  }

  const BLOCK_MESSAGES = {
    member_blocked: (m: MemberRow) =>
      `Member ${m.barcode} is blocked: please ask the library staff.`,
    member_expired: (m: MemberRow) => `Membership of ${m.barcode} expired on ${m.expiry_date}.`,
    fine_threshold_exceeded: (m: MemberRow) =>
      `Member ${m.barcode} owes ${money(m.fine_cents).toFixed(2)} ${CURRENCY}, above the limit for borrowing.`,
  };

  /** The overdue fine of one loan at `at`, as check-in charges it (and a renewal, before renewing). */
  function overdueFine(dueAt: string, type: TypeRow | undefined, at: Date) {
    const late = daysOverdue(dueAt, at);
    const fineCents = type
      ? Math.min(late * type.daily_fine_cents, type.max_fine_per_item_cents)
      : 0;
    return { late, fineCents };
  }

  const refuse = (kind: keyof typeof BLOCK_MESSAGES, member: MemberRow): Result<never> =>
    fail(kind, BLOCK_MESSAGES[kind](member));

  const checkout = db.transaction(
    (request: CheckoutRequest, options: CheckoutOptions = {}): Result<CheckoutResult> => {
      const at = options.at ?? now();
      const noBlock = options.noBlock !== undefined;
      const member = members.byBarcode(request.UserBarcode);
      if (!member) return fail('member_not_found', `No member has barcode ${request.UserBarcode}.`);
      const book = item.get(request.ItemBarcode);
      if (!book) return fail('item_not_found', `No item has barcode ${request.ItemBarcode}.`);
      const type = memberType.get(member.member_type_id ?? '');
      if (!type) return fail('internal_error', `Member type ${member.member_type_id} is missing.`);
      // The check order of docs/service-api.md: the first failing check answers.
      if (!noBlock && member.status === 'blocked') return refuse('member_blocked', member);
      if (!noBlock && member.expiry_date < utcDate(at)) return refuse('member_expired', member);
      if (!noBlock && member.fine_cents > type.fine_threshold_cents)
        return refuse('fine_threshold_exceeded', member);
      const existing = loan.get(book.barcode);
      if (existing && existing.member_id !== member.id) {
        return fail('item_on_loan_to_other', `Item ${book.barcode} is on loan to another member.`);
      }
      const dueAt = (
        options.noBlock?.dueAt ?? endOfUtcDay(at, type.loan_period_days)
      ).toISOString();
      // A renewal settles the loan so far: an overdue loan is charged its fine before its new due date.
      const fineCents = existing ? overdueFine(existing.due_at, type, at).fineCents : 0;
      if (existing) {
        if (fineCents > 0) addFine.run(fineCents, member.id);
        renewLoan.run(dueAt, book.barcode);
      } else {
        if (!noBlock && (loanCount.get(member.id)?.n ?? 0) >= type.loan_limit) {
          return fail(
            'loan_limit_reached',
            `Member ${member.barcode} already has ${type.loan_limit} items on loan.`,
          );
        }
        insertLoan.run(book.barcode, member.id, at.toISOString(), dueAt);
      }
      const id = randomUUID();
      record.run(
        id,
        existing ? 'renewal' : 'checkout',
        book.barcode,
        member.id,
        at.toISOString(),
        dueAt,
        fineCents,
      );
      return ok({
        TransactionId: id,
        Timestamp: at.toISOString(),
        ItemBarcode: book.barcode,
        UserBarcode: member.barcode,
        Title: book.title,
        Author: book.author,
        DueDate: dueAt,
        Renewed: Boolean(existing),
        Fine: money(fineCents),
        Currency: CURRENCY,
      });
    },
  );

  // `at`: a SIP2 check-in's return date (an offline kiosk's queued one), so fines stop there.
  const checkin = db.transaction(
    (itemBarcode: string, returnedAt?: Date): Result<CheckinResult> => {
      const at = returnedAt ?? now();
      const book = item.get(itemBarcode);
      if (!book) return fail('item_not_found', `No item has barcode ${itemBarcode}.`);
      const current = loan.get(book.barcode);
      if (!current) return fail('item_not_on_loan', `Item ${book.barcode} is not on loan.`);
      const borrower = members.byId(current.member_id);
      const type = borrower ? memberType.get(borrower.member_type_id ?? '') : undefined;
      const { late, fineCents } = overdueFine(current.due_at, type, at);
      deleteLoan.run(book.barcode);
      if (fineCents > 0) addFine.run(fineCents, current.member_id);
      const id = randomUUID();
      record.run(
        id,
        'checkin',
        book.barcode,
        current.member_id,
        at.toISOString(),
        current.due_at,
        fineCents,
      );
      return ok({
        TransactionId: id,
        Timestamp: at.toISOString(),
        ItemBarcode: book.barcode,
        UserBarcode: borrower?.barcode ?? '',
        Title: book.title,
        Author: book.author,
        DueDate: current.due_at,
        Overdue: late > 0,
        OverdueDate: late > 0 ? current.due_at : null,
        DaysOverdue: late,
        Fine: money(fineCents),
        Currency: CURRENCY,
      });
    },
  );

  return {
    checkout: (request: CheckoutRequest, options?: CheckoutOptions) =>
      checkout.immediate(request, options),
    checkin: (itemBarcode: string, returnedAt?: Date) => checkin.immediate(itemBarcode, returnedAt),
    circulationOf,
  };
}

export type Circulation = ReturnType<typeof createCirculation>;
