import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemBarcode } from '../../../src-reference-service/barcode';
import { openDatabase, type Db } from '../../../src-reference-service/db/open';
import {
  ensureSip2Routing,
  seedDatabase,
  SIP2_DEMO_ITEMS,
} from '../../../src-reference-service/db/seed';
import { createPins } from '../../../src-reference-service/sip2/pins';
import { createRouting, type ItemRouting } from '../../../src-reference-service/sip2/routing';

let dir: string;
let db: Db;
let routing: ItemRouting;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sip2-routing-'));
  db = openDatabase(dir);
  seedDatabase(db, new Date());
  ensureSip2Routing(db, new Date());
  routing = createRouting(db);
});
afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const CENTRAL = '1';
const NORTHBAY = '2';
const WESTPORT = '4';

describe('afterReturn: where a returned item goes', () => {
  it.each([
    {
      what: 'a hold picked up here',
      item: SIP2_DEMO_ITEMS.holdHere.item,
      at: CENTRAL,
      routing: { kind: 'hold-here', sortBin: 'Holds' },
    },
    {
      what: 'the same hold returned at another branch',
      item: SIP2_DEMO_ITEMS.holdHere.item,
      at: NORTHBAY,
      routing: { kind: 'hold-elsewhere', sortBin: 'Transit', destination: 'CEN' },
    },
    {
      what: 'a hold picked up elsewhere',
      item: SIP2_DEMO_ITEMS.holdElsewhere.item,
      at: CENTRAL,
      routing: { kind: 'hold-elsewhere', sortBin: 'Transit', destination: 'NTH' },
    },
    {
      what: 'an item on its way home',
      item: SIP2_DEMO_ITEMS.transit.item,
      at: CENTRAL,
      routing: { kind: 'transit', sortBin: 'Transit', destination: 'WST' },
    },
    { what: 'an item with neither', item: 1, at: CENTRAL, routing: { kind: 'shelf' } },
  ])('$what', ({ item, at, routing: expected }) => {
    expect(routing.afterReturn(itemBarcode(item), at)).toEqual(expected);
  });

  it('ends a transit when the item is returned at its destination', () => {
    const transit = itemBarcode(SIP2_DEMO_ITEMS.transit.item);
    expect(routing.afterReturn(transit, WESTPORT)).toEqual({ kind: 'shelf' });
    expect(routing.afterReturn(transit, CENTRAL)).toEqual({ kind: 'shelf' });
  });

  it('forgets a hold once fulfilled', () => {
    const held = itemBarcode(SIP2_DEMO_ITEMS.holdHere.item);
    routing.fulfil(held);
    expect([routing.holdOf(held), routing.afterReturn(held, CENTRAL)]).toEqual([
      undefined,
      { kind: 'shelf' },
    ]);
  });
});

describe('the SIP2 demo data', () => {
  it('is made once: a second run puts back no fulfilled hold', () => {
    ensureSip2Routing(db, new Date());
    expect(routing.holdOf(itemBarcode(SIP2_DEMO_ITEMS.holdHere.item))).toBeUndefined();
  });

  it('keeps a demo PIN as an scrypt hash, made at its first check, that it alone matches', async () => {
    const pins = createPins(db);
    const storedHash = () =>
      (
        db.prepare("SELECT hash FROM member_pins WHERE member_id = '1001'").get() as
          { hash: string } | undefined
      )?.hash;
    expect(storedHash()).toBeUndefined();
    expect([
      await pins.check('1001', '1234'),
      await pins.check('1001', '0000'),
      await pins.check('1008', '1234'),
    ]).toEqual([true, false, false]);
    const hash = storedHash() ?? '';
    expect([hash.includes('1234'), Buffer.from(hash, 'base64').length]).toEqual([false, 32]);
    const rows = db.prepare('SELECT COUNT(*) AS n FROM member_pins').get() as { n: number };
    expect(rows.n).toBe(1);
  });
});

describe('branchByCode and homeOf', () => {
  it('reads a branch code in any case, and an item’s home', () => {
    expect(routing.branchByCode('nth')?.id).toBe(NORTHBAY);
    expect(routing.branchByCode('KIOSK-1')).toBeUndefined();
    expect(routing.homeOf(itemBarcode(4))).toBe('RIV');
  });
});
