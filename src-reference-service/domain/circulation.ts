import { randomUUID } from 'node:crypto';
import { CURRENCY } from '../config';
import type { Db } from '../db/open';
import { fail, ok, type Result } from '../errors';
import { endOfUtcDay } from './dates';
import { toMemberRecord, type MemberRow, type Members } from './members';
import type { CheckinResult, CheckoutRequest, CheckoutResult, MemberCirculation } from './schemas';
import { circulationStore } from './circulation-store';
import { blocks, checkoutBlock, money, overdueFine } from './loan-rules';

/**
 * What a SIP2 self-check may add to a check-out (sip2/handlers.ts): when it happened (an offline
 * kiosk's queued one), and with no-block, the due date the kiosk promised and no member blocks
 * (3M SIP2 2.00, "Checkout": the ACS must accept what the SC already let the patron take).
 */
export interface CheckoutOptions {
  at?: Date;
  noBlock?: { dueAt?: Date };
}

/** Check-out (or renewal), check-in and a member's loans: the rules of loan-rules.ts, applied. */
export function createCirculation(db: Db, members: Members, now: () => Date) {
  const store = circulationStore(db);
  const { item, loan, memberType, pending, insertLoan, renewLoan, deleteLoan, addFine, record } =
    store;

  function circulationOf(member: MemberRow): MemberCirculation {
    const at = now();
    const type = memberType(member.member_type_id);
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
      Blocks: type
        ? (blocks(member, type, at, store.loansHeld(member.id)) as MemberCirculation['Blocks'])
        : [],
    };
  }

  const checkout = db.transaction(
    (request: CheckoutRequest, options: CheckoutOptions = {}): Result<CheckoutResult> => {
      const at = options.at ?? now();
      const noBlock = options.noBlock !== undefined;
      const member = members.byBarcode(request.UserBarcode);
      if (!member) return fail('member_not_found', `No member has barcode ${request.UserBarcode}.`);
      const book = item.get(request.ItemBarcode);
      if (!book) return fail('item_not_found', `No item has barcode ${request.ItemBarcode}.`);
      const type = memberType(member.member_type_id);
      if (!type) return fail('internal_error', `Member type ${member.member_type_id} is missing.`);
      // The check order of docs/service-api.md: the first failing check answers.
      const blocked = noBlock ? undefined : checkoutBlock(member, type, at);
      if (blocked) return blocked;
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
        if (!noBlock && store.loansHeld(member.id) >= type.loan_limit) {
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
      const type = borrower ? memberType(borrower.member_type_id) : undefined;
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
