import type { Db } from '../db/open';

export interface ItemFacts {
  barcode: string;
  title: string;
  /** The item's home branch code (AQ). */
  home: string;
  loan: { memberId: string; dueAt: string } | undefined;
}

/** What the item information answer (18) and the circulation answers say about one item. */
export function createItemFacts(db: Db) {
  const item = db.prepare<[string], { barcode: string; title: string; home: string }>(
    `SELECT items.barcode, items.title, branches.code AS home FROM items
     JOIN branches ON branches.id = items.branch_id WHERE items.barcode = ?`,
  );
  const loan = db.prepare<[string], { member_id: string; due_at: string }>(
    'SELECT member_id, due_at FROM loans WHERE item_barcode = ?',
  );
  return (barcode: string): ItemFacts | undefined => {
    const row = item.get(barcode);
    if (!row) return undefined;
    const current = loan.get(barcode);
    return {
      ...row,
      loan: current ? { memberId: current.member_id, dueAt: current.due_at } : undefined,
    };
  };
}

export type ItemFactsOf = ReturnType<typeof createItemFacts>;
