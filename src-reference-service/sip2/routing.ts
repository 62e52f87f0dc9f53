import type { Db } from '../db/open';

/** Where a returned item goes before its shelf: the check-in answer's alert, sort bin and destination. */
export type Routing =
  | { kind: 'shelf' }
  | { kind: 'hold-here'; sortBin: string }
  | { kind: 'hold-elsewhere'; sortBin: string; destination: string }
  | { kind: 'transit'; sortBin: string; destination: string };

/** The sort bins a returned item is put in (CL): the trolleys a branch's staff empty. */
export const SORT_BINS = { holds: 'Holds', transit: 'Transit' } as const;

interface HoldRow {
  item_barcode: string;
  member_id: string;
  pickup_branch_id: string;
}

/** Holds and transits (db/migrations.ts, seeded in db/seed.ts), read and changed by the listener. */
export function createRouting(db: Db) {
  const holdOf = db.prepare<[string], HoldRow>(
    'SELECT item_barcode, member_id, pickup_branch_id FROM holds WHERE item_barcode = ?',
  );
  const holdsFor = db.prepare<[string], { item_barcode: string }>(
    'SELECT item_barcode FROM holds WHERE member_id = ? ORDER BY placed_at, item_barcode',
  );
  const removeHold = db.prepare('DELETE FROM holds WHERE item_barcode = ?');
  const transitOf = db.prepare<[string], { to_branch_id: string }>(
    'SELECT to_branch_id FROM transits WHERE item_barcode = ?',
  );
  const removeTransit = db.prepare('DELETE FROM transits WHERE item_barcode = ?');
  const branchByCode = db.prepare<[string], { id: string; code: string }>(
    'SELECT id, code FROM branches WHERE code = ? COLLATE NOCASE',
  );
  const branchById = db.prepare<[string], { id: string; code: string }>(
    'SELECT id, code FROM branches WHERE id = ?',
  );
  const itemBranch = db.prepare<[string], { code: string }>(
    'SELECT branches.code FROM items JOIN branches ON branches.id = items.branch_id WHERE items.barcode = ?',
  );

  const codeOf = (branchId: string): string => branchById.get(branchId)?.code ?? branchId;

  /**
   * The routing of an item returned at `branchId`. A hold goes first (the member waits); an item
   * that travels home and has no hold goes in transit. Returning it at its destination is the end
   * of the transit, which is then forgotten.
   */
  function afterReturn(itemBarcode: string, branchId: string): Routing {
    const hold = holdOf.get(itemBarcode);
    if (hold) {
      return hold.pickup_branch_id === branchId
        ? { kind: 'hold-here', sortBin: SORT_BINS.holds }
        : {
            kind: 'hold-elsewhere',
            sortBin: SORT_BINS.transit,
            destination: codeOf(hold.pickup_branch_id),
          };
    }
    const transit = transitOf.get(itemBarcode);
    if (!transit) return { kind: 'shelf' };
    if (transit.to_branch_id === branchId) {
      removeTransit.run(itemBarcode);
      return { kind: 'shelf' };
    }
    return {
      kind: 'transit',
      sortBin: SORT_BINS.transit,
      destination: codeOf(transit.to_branch_id),
    };
  }

  return {
    afterReturn,
    holdOf: (itemBarcode: string) => holdOf.get(itemBarcode),
    /** Items on hold for a member (64's hold items, AS). */
    holdsFor: (memberId: string) => holdsFor.all(memberId).map((row) => row.item_barcode),
    /** A hold is fulfilled when its member borrows the item. */
    fulfil: (itemBarcode: string) => removeHold.run(itemBarcode),
    /** The branch a location code (CP, AP) names, if it names one. */
    branchByCode: (code: string) => branchByCode.get(code),
    /** The item's home branch code (AQ, permanent location). */
    homeOf: (itemBarcode: string) => itemBranch.get(itemBarcode)?.code,
  };
}

export type ItemRouting = ReturnType<typeof createRouting>;
