import path from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../src-reference-service/db/open';

export interface Borrower {
  card: string;
  /** Loans the service would still grant before the member's loan limit. */
  room: number;
}

export interface LendingRoom {
  /** Members the service lends to now (active, not expired, fine within the threshold), most room first. */
  borrowers: Borrower[];
  /** Items on no loan and in no transaction: a check-out of one is its first and only lending. */
  neverLent: string[];
}

/**
 * Reads the reference service's own tables (read-only) for who may borrow how much, and which
 * items no one has borrowed, so a test's check-outs are all ones the service grants.
 */
export function readLendingRoom(serviceDataDir: string): LendingRoom {
  const db = new Database(path.join(serviceDataDir, DATABASE_FILE), { readonly: true });
  try {
    const borrowers = db
      .prepare<[], Borrower>(
        `SELECT members.barcode AS card,
                member_types.loan_limit
                  - (SELECT COUNT(*) FROM loans WHERE loans.member_id = members.id) AS room
           FROM members JOIN member_types ON member_types.id = members.member_type_id
          WHERE members.status = 'active'
            AND members.expiry_date >= date('now')
            AND members.fine_cents <= member_types.fine_threshold_cents
          ORDER BY room DESC, members.barcode`,
      )
      .all()
      .filter((borrower) => borrower.room > 0);
    const neverLent = db
      .prepare<[], { barcode: string }>(
        `SELECT barcode FROM items
          WHERE barcode NOT IN (SELECT item_barcode FROM loans)
            AND barcode NOT IN (SELECT item_barcode FROM transactions)
          ORDER BY barcode`,
      )
      .all()
      .map((row) => row.barcode);
    return { borrowers, neverLent };
  } finally {
    db.close();
  }
}
