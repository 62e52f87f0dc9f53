import { itemBarcode, memberBarcode } from '../barcode';
import { addDays, endOfUtcDay, utcDate } from '../domain/dates';
import type { Db } from './open';
import * as words from './seed-words';

export const MEMBER_COUNT = 240;
export const ITEM_COUNT = 2400;
/** Items 1..20 are never lent by the seed, so demos and tests always find available items. */
export const RESERVED_AVAILABLE_ITEMS = 20;

const BRANCHES = [
  ['1', 'CEN', 'Central Library', 'Harbour City'],
  ['2', 'NTH', 'Northbay Branch', 'Northbay'],
  ['3', 'EST', 'Eastgate Branch', 'Eastgate'],
  ['4', 'WST', 'Westport Road Branch', 'Westport'],
  ['5', 'RIV', 'Riverside Branch', 'Riverside'],
] as const;

// id, name, loan days, loan limit, fine threshold, daily fine, max fine per item (cents)
const MEMBER_TYPES = [
  ['ADULT', 'Adult', 21, 12, 1000, 25, 500],
  ['CHILD', 'Child', 21, 6, 500, 10, 200],
  ['STUDENT', 'Student', 28, 15, 1000, 20, 400],
  ['SENIOR', 'Senior', 28, 12, 1000, 10, 300],
  ['STAFF', 'Staff', 42, 30, 2000, 0, 0],
] as const;

/** Small deterministic PRNG (mulberry32): same seed, same demo library. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface MemberPlan {
  status: 'active' | 'blocked';
  expired: boolean;
  fineCents: number;
  type: string;
  loans: { overdueDays: number }[];
}

/** The first members have fixed situations; the CLI and tests rely on them (see DEMO_MEMBERS). */
const FIXED_PLANS: Record<number, Partial<MemberPlan>> = {
  1: { type: 'ADULT', loans: [] },
  2: { status: 'blocked', type: 'ADULT', loans: [] },
  3: { expired: true, type: 'ADULT', loans: [] },
  4: { fineCents: 1250, type: 'ADULT', loans: [] },
  5: { type: 'ADULT', loans: [{ overdueDays: 9 }, { overdueDays: 3 }, { overdueDays: -5 }] },
  6: { type: 'CHILD', loans: Array.from({ length: 6 }, () => ({ overdueDays: -10 })) },
  7: { fineCents: 200, type: 'STUDENT', loans: [{ overdueDays: -12 }] },
};

function planFor(seq: number, random: () => number): MemberPlan {
  const types = ['ADULT', 'ADULT', 'ADULT', 'CHILD', 'STUDENT', 'SENIOR', 'STAFF'];
  const loanCount = random() < 0.4 ? 1 + Math.floor(random() * 4) : 0;
  const base: MemberPlan = {
    status: random() < 0.04 ? 'blocked' : 'active',
    expired: random() < 0.05,
    fineCents: random() < 0.15 ? 25 * (1 + Math.floor(random() * 60)) : 0,
    type: types[Math.floor(random() * types.length)] ?? 'ADULT',
    loans: Array.from({ length: loanCount }, () => ({
      overdueDays:
        random() < 0.25 ? 1 + Math.floor(random() * 30) : -(1 + Math.floor(random() * 20)),
    })),
  };
  const fixed = FIXED_PLANS[seq];
  return fixed ? { ...base, status: 'active', expired: false, fineCents: 0, ...fixed } : base;
}

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)] as T;
}

/**
 * Fills an empty database with the demo library; dates are relative to `now`. No staff account:
 * the demo ones exist only while the service runs in demo mode (db/staff-accounts.ts).
 */
export function seedDatabase(db: Db, now: Date): void {
  const random = prng(4410);
  db.transaction(() => {
    const branch = db.prepare('INSERT INTO branches (id, code, name, city) VALUES (?, ?, ?, ?)');
    for (const row of BRANCHES) branch.run(...row);
    const type = db.prepare('INSERT INTO member_types VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (const row of MEMBER_TYPES) type.run(...row);
    db.prepare('INSERT INTO customers (id, name, plan) VALUES (?, ?, ?)').run(
      'CUST-4410',
      'Harbour City Libraries',
      'Standard',
    );
    seedItems(db, random);
    seedMembers(db, random, now);
  })();
}

function seedItems(db: Db, random: () => number): void {
  const insert = db.prepare(
    'INSERT INTO items (barcode, title, author, branch_id) VALUES (?, ?, ?, ?)',
  );
  for (let seq = 1; seq <= ITEM_COUNT; seq += 1) {
    const shape = random();
    const title =
      shape < 0.4
        ? `The ${pick(words.TITLE_ADJECTIVES, random)} ${pick(words.TITLE_NOUNS, random)}`
        : shape < 0.75
          ? `${pick(words.TITLE_NOUNS, random)} of the ${pick(words.TITLE_ADJECTIVES, random)} ${pick(words.TITLE_NOUNS, random)}`
          : `A Beginner's Guide to ${pick(words.TITLE_SUBJECTS, random)}`;
    const author = `${pick(words.GIVEN_NAMES, random)} ${pick(words.SURNAMES, random)}`;
    insert.run(itemBarcode(seq), title, author, String(1 + (seq % BRANCHES.length)));
  }
}

/** Member 1 (DEMO_MEMBERS.canBorrow) has a fixed name, so its e-mail address is known too. */
export const FIRST_MEMBER = { given: 'Amara', surname: 'Okafor' } as const;

export function seedUserName(given: string, surname: string): string {
  return `${given}.${surname}`.toLowerCase();
}

export function seedEmail(userName: string): string {
  return `${userName}@example.org`;
}

function seedMembers(db: Db, random: () => number, now: Date): void {
  const insertMember = db.prepare(
    `INSERT INTO members (id, barcode, branch_id, member_type_id, given_name, surname, user_name, phone,
       address1, address2, city, country, postcode, name_title, status, email, email_lower, expiry_date, fine_cents)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertLoan = db.prepare(
    'INSERT INTO loans (item_barcode, member_id, checked_out_at, due_at) VALUES (?, ?, ?, ?)',
  );
  const usedEmails = new Set<string>();
  let nextLoanItem = RESERVED_AVAILABLE_ITEMS + 1;
  for (let seq = 1; seq <= MEMBER_COUNT; seq += 1) {
    const plan = planFor(seq, random);
    const given = seq === 1 ? FIRST_MEMBER.given : pick(words.GIVEN_NAMES, random);
    const surname = seq === 1 ? FIRST_MEMBER.surname : pick(words.SURNAMES, random);
    let userName = seedUserName(given, surname);
    if (usedEmails.has(userName)) userName = `${userName}${seq}`;
    usedEmails.add(userName);
    const email = seedEmail(userName);
    const id = String(1000 + seq);
    const expiry = plan.expired
      ? utcDate(now, -30 - Math.floor(random() * 300))
      : utcDate(now, 60 + Math.floor(random() * 900));
    insertMember.run(
      id,
      memberBarcode(seq),
      String(1 + Math.floor(random() * BRANCHES.length)),
      plan.type,
      given,
      surname,
      userName,
      `+353 1 555 ${String(seq).padStart(4, '0')}`,
      `${1 + Math.floor(random() * 120)} ${pick(words.STREETS, random)}`,
      random() < 0.2 ? `Apartment ${1 + Math.floor(random() * 40)}` : '',
      pick(words.CITIES, random),
      'IE',
      `H${String(10 + Math.floor(random() * 89))} ${String(1000 + Math.floor(random() * 8999))}`,
      pick(words.NAME_TITLES, random),
      plan.status,
      email,
      email,
      expiry,
      plan.fineCents,
    );
    const loanDays = MEMBER_TYPES.find(([typeId]) => typeId === plan.type)?.[2] ?? 21;
    for (const loan of plan.loans) {
      // A loan overdue by N days was checked out loanDays + N days ago (negative N: still running).
      const checkedOut = addDays(now, -(loanDays + loan.overdueDays));
      insertLoan.run(
        itemBarcode(nextLoanItem),
        id,
        checkedOut.toISOString(),
        endOfUtcDay(checkedOut, loanDays).toISOString(),
      );
      nextLoanItem += 1;
    }
  }
}

/** Members and items with known situations, printed by the CLI and used by tests. */
export const DEMO_MEMBERS = {
  canBorrow: 1,
  blocked: 2,
  expired: 3,
  overFineThreshold: 4,
  withOverdueLoans: 5,
  atLoanLimit: 6,
  withSmallFine: 7,
} as const;

export const DEMO_ITEMS = {
  /** Never lent by the seed. */
  available: [1, 2, 3, 4, 5],
  /** Lent to member 5: overdue by about 9 and 3 days, and one not yet due. */
  overdue: [21, 22],
  onLoanNotDue: 23,
} as const;

/**
 * Items whose return the SIP2 listener routes (sip2/routing.ts), all on loan in the seed to
 * members other than the demo ones: 31 is on hold for member 1, picked up at Central (a hold here:
 * sort bin "Holds"); 32 is on hold for member 7, picked up at Northbay (a hold elsewhere: in
 * transit to NTH); 33 belongs to Westport Road and goes home (in transit to WST).
 */
export const SIP2_DEMO_ITEMS = {
  holdHere: { item: 31, forMember: DEMO_MEMBERS.canBorrow, pickupBranch: '1' },
  holdElsewhere: { item: 32, forMember: DEMO_MEMBERS.withSmallFine, pickupBranch: '2' },
  transit: { item: 33, toBranch: '4' },
} as const;

/**
 * The SIP2 demo holds and transit (above), once per database: on the first start after the
 * migrations that made their tables, so that an existing data folder gets them too, and never
 * again, so that a fulfilled hold does not come back. Items or members a database lacks are
 * skipped. The demo PINs are made by the listener when it starts (sip2/pins.ts): hashing them
 * costs a third of a second, which a service without SIP2 need not pay.
 */
export function ensureSip2Routing(db: Db, now: Date): void {
  const step = 'sip2-routing';
  if (db.prepare('SELECT name FROM seed_steps WHERE name = ?').get(step)) return;
  const memberId = db.prepare<[string], { id: string }>('SELECT id FROM members WHERE barcode = ?');
  const itemExists = db.prepare<[string], { barcode: string }>(
    'SELECT barcode FROM items WHERE barcode = ?',
  );
  const insertHold = db.prepare(
    'INSERT OR IGNORE INTO holds (item_barcode, member_id, pickup_branch_id, placed_at) VALUES (?, ?, ?, ?)',
  );
  const insertTransit = db.prepare(
    'INSERT OR IGNORE INTO transits (item_barcode, to_branch_id) VALUES (?, ?)',
  );
  db.transaction(() => {
    for (const hold of [SIP2_DEMO_ITEMS.holdHere, SIP2_DEMO_ITEMS.holdElsewhere]) {
      const member = memberId.get(memberBarcode(hold.forMember));
      if (!member || !itemExists.get(itemBarcode(hold.item))) continue;
      insertHold.run(itemBarcode(hold.item), member.id, hold.pickupBranch, now.toISOString());
    }
    const { transit } = SIP2_DEMO_ITEMS;
    if (itemExists.get(itemBarcode(transit.item))) {
      insertTransit.run(itemBarcode(transit.item), transit.toBranch);
    }
    db.prepare('INSERT INTO seed_steps (name, done_at) VALUES (?, ?)').run(step, now.toISOString());
  })();
}
