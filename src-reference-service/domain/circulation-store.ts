import type { Db } from '../db/open';
import type { TypeRow } from './loan-rules';

// The circulation tables as the domain reads and writes them: items, loans, member types and the
// transaction log, each statement prepared once.

export interface ItemRow {
  barcode: string;
  title: string;
  author: string;
}

export interface LoanRow {
  item_barcode: string;
  member_id: string;
  checked_out_at: string;
  due_at: string;
}

export function circulationStore(db: Db) {
  // Member types never change through the API: read them once.
  const memberTypes = new Map(
    db
      .prepare<[], TypeRow & { id: string }>('SELECT * FROM member_types')
      .all()
      .map((row) => [row.id, row]),
  );
  const loanCount = db.prepare<[string], { n: number }>(
    'SELECT COUNT(*) AS n FROM loans WHERE member_id = ?',
  );
  return {
    item: db.prepare<[string], ItemRow>(
      'SELECT barcode, title, author FROM items WHERE barcode = ?',
    ),
    loan: db.prepare<[string], LoanRow>('SELECT * FROM loans WHERE item_barcode = ?'),
    memberType: (id: string | null): TypeRow | undefined => memberTypes.get(id ?? ''),
    loansHeld: (memberId: string): number => loanCount.get(memberId)?.n ?? 0,
    /** A member's loans with their items, oldest first. */
    pending: db.prepare<[string], LoanRow & ItemRow>(
      `SELECT loans.*, items.title, items.author, items.barcode FROM loans
     JOIN items ON items.barcode = loans.item_barcode
     WHERE loans.member_id = ? ORDER BY loans.checked_out_at, loans.item_barcode`,
    ),
    insertLoan: db.prepare(
      'INSERT INTO loans (item_barcode, member_id, checked_out_at, due_at) VALUES (?, ?, ?, ?)',
    ),
    renewLoan: db.prepare('UPDATE loans SET due_at = ? WHERE item_barcode = ?'),
    deleteLoan: db.prepare('DELETE FROM loans WHERE item_barcode = ?'),
    addFine: db.prepare('UPDATE members SET fine_cents = fine_cents + ? WHERE id = ?'),
    record: db.prepare(
      'INSERT INTO transactions (id, kind, item_barcode, member_id, at, due_at, fine_cents) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
  };
}
