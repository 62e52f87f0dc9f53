import { itemBarcode, memberBarcode } from './barcode';
import { STAFF_ACCOUNTS } from './config';
import type { Db } from './db/open';
import { DEMO_ITEMS, DEMO_MEMBERS, FIRST_MEMBER, seedEmail, seedUserName } from './db/seed';

/** What a member card of the demo library shows when scanned (the kiosk words each). */
export type DemoCardSituation = 'can-borrow' | 'blocked' | 'overdue-loans';

/**
 * The few demo values a newcomer needs to walk the kiosk, read from the seed itself: the staff
 * account to sign in with, member cards in three situations, items to borrow and to return, and
 * the e-mail of the member who may borrow. The kiosk shows them in demo mode only.
 */
export interface DemoSamples {
  staff: { username: string; password: string };
  cards: { barcode: string; situation: DemoCardSituation }[];
  /** Never lent by the seed: free to borrow. */
  availableItems: string[];
  /** Lent by the seed (to the member with overdue loans): to try returns, late ones first. */
  loanedItems: string[];
  email: string;
}

export function demoSamples(): DemoSamples {
  const librarian = STAFF_ACCOUNTS.find((account) => account.username === 'librarian');
  if (!librarian) throw new Error('the seed has no librarian account');
  return {
    staff: { username: librarian.username, password: librarian.password },
    cards: [
      { barcode: memberBarcode(DEMO_MEMBERS.canBorrow), situation: 'can-borrow' },
      { barcode: memberBarcode(DEMO_MEMBERS.withOverdueLoans), situation: 'overdue-loans' },
      { barcode: memberBarcode(DEMO_MEMBERS.blocked), situation: 'blocked' },
    ],
    availableItems: DEMO_ITEMS.available.slice(0, 3).map(itemBarcode),
    loanedItems: [...DEMO_ITEMS.overdue, DEMO_ITEMS.onLoanNotDue].map(itemBarcode),
    email: seedEmail(seedUserName(FIRST_MEMBER.given, FIRST_MEMBER.surname)),
  };
}

/** The demo items as they stand now: on loan to somebody, or free to borrow. */
export interface DemoItemsNow {
  availableItems: string[];
  loanedItems: string[];
}

/**
 * The demo items (those the samples name) split by whether a loan holds each now, in the
 * samples' order: the kiosk's demo strip stays true as newcomers borrow and return them.
 */
export function demoItemsNow(db: Db): () => DemoItemsNow {
  const samples = demoSamples();
  const items = [...samples.loanedItems, ...samples.availableItems];
  const onLoan = db.prepare<[string], { item_barcode: string }>(
    'SELECT item_barcode FROM loans WHERE item_barcode = ?',
  );
  return () => {
    // Stopped (the kiosk closing): the samples as the seed has them.
    if (!db.open)
      return { availableItems: samples.availableItems, loanedItems: samples.loanedItems };
    const loaned = new Set(items.filter((item) => onLoan.get(item) !== undefined));
    return {
      availableItems: [...samples.availableItems, ...samples.loanedItems].filter(
        (item) => !loaned.has(item),
      ),
      loanedItems: items.filter((item) => loaned.has(item)),
    };
  };
}
