import { describe, expect, it } from 'vitest';
import type { PriorLoan } from '../../../../src-main/circulation/journal/journal-records';
import { cardShows, routeOnline } from '../../../../src-main/circulation/offline/desk-route';
import type { CardShows, DeskRoute } from '../../../../src-main/circulation/offline/desk-route';
import type { LibraryError } from '../../../../src-main/library/library-error';
import type { Loan, MemberCirculation } from '../../../../src-main/library/records';
import { UNKNOWN } from '../../../../src-main/library/values';
import type { Result } from '../../../../src-common/result';
import { err, ok } from '../../../../src-common/result';
import {
  DUE,
  ITEM,
  OTHER_ITEM,
  circulationRecord,
  memberRecord,
  refused,
  timedOut,
  unreachable,
} from '../session-harness';
import { asItem } from '../../../support/barcodes';

/**
 * The circulation desk's decisions while the patron waits, one row per kind of answer. The desk
 * that carries them out is tested over a real journal in circulation-desk.test.ts.
 */

const gateway503: LibraryError = {
  kind: 'unreachable',
  operation: 'checkOut',
  cause: '503',
  outcome: 'unknown',
};
const server5xx: LibraryError = {
  kind: 'refused',
  operation: 'checkOut',
  status: 500,
  outcome: 'unknown',
};
const unreadable2xx: LibraryError = {
  kind: 'malformed-response',
  operation: 'checkOut',
  status: 200,
  issue: 'DueDate: expected string',
  outcome: 'applied',
};

const route = (then: DeskRoute['then'], heard: boolean, gone: boolean): DeskRoute => ({
  then,
  heard,
  unreachable: gone,
});

const ROWS: [string, 'check-out' | 'check-in', LibraryError | 'ok', DeskRoute][] = [
  ['a check-out answered', 'check-out', 'ok', route('answer', true, false)],
  ['a return answered', 'check-in', 'ok', route('answer', true, false)],
  [
    'a check-out applied, answer unreadable',
    'check-out',
    unreadable2xx,
    route('answer', true, false),
  ],
  ['a return applied, answer unreadable', 'check-in', unreadable2xx, route('answer', true, false)],
  [
    'a check-out refused (4xx)',
    'check-out',
    refused('item_on_loan'),
    route('answer', false, false),
  ],
  [
    'a return refused (4xx)',
    'check-in',
    refused('item_not_on_loan', 'checkIn'),
    route('answer', true, false),
  ],
  ['a check-out never connected', 'check-out', unreachable(), route('record-offline', false, true)],
  [
    'a return never connected',
    'check-in',
    unreachable('checkIn'),
    route('record-offline', false, true),
  ],
  ['a check-out timed out', 'check-out', timedOut(), route('look', false, false)],
  ['a check-out met by a gateway 503', 'check-out', gateway503, route('look', false, false)],
  ['a check-out met by a 5xx', 'check-out', server5xx, route('look', false, false)],
  ['a return timed out', 'check-in', timedOut('checkIn'), route('record-unconfirmed', false, true)],
  [
    'a return met by a gateway 503',
    'check-in',
    gateway503,
    route('record-unconfirmed', false, true),
  ],
  ['a return met by a 5xx', 'check-in', server5xx, route('record-unconfirmed', false, false)],
];

describe('circulation desk: what an online answer means', () => {
  it.each(ROWS)('%s', (_label, kind, answer, expected) => {
    const result = answer === 'ok' ? ok(circulationRecord()) : err(answer);
    expect(routeOnline(kind, result)).toEqual(expected);
  });
});

const loan = (overrides: Partial<Loan> = {}): Loan => ({
  extra: {},
  itemBarcode: ITEM,
  checkedOutAt: null,
  dueDate: DUE,
  overdue: false,
  fine: 0,
  ...overrides,
});
const card = (loans: Loan[] | typeof UNKNOWN): Result<MemberCirculation, LibraryError> =>
  ok(memberRecord({ loans }));
const lent = (renewalUnclear: boolean, dueDate: Loan['dueDate'] = DUE): CardShows => ({
  found: 'applied',
  result: {
    extra: {},
    itemBarcode: ITEM,
    dueDate,
    overdueDate: UNKNOWN,
    overdue: UNKNOWN,
    fine: UNKNOWN,
    renewed: UNKNOWN,
  },
  renewalUnclear,
});
const HELD: PriorLoan = { held: true, due: JSON.stringify(DUE) };
const MOVED = { kind: 'day', date: '2026-02-14' } as const;

const LOOKS: [string, Result<MemberCirculation, LibraryError>, PriorLoan | undefined, CardShows][] =
  [
    ['the look fails', err(timedOut('memberByBarcode')), undefined, { found: 'unknown' }],
    ['the loans cannot be read', card(UNKNOWN), undefined, { found: 'unknown' }],
    [
      'loans without item barcodes',
      card([loan({ itemBarcode: undefined })]),
      undefined,
      { found: 'unknown' },
    ],
    [
      'the item on no loan',
      card([loan({ itemBarcode: OTHER_ITEM })]),
      undefined,
      { found: 'not-applied' },
    ],
    ['a new loan of the item', card([loan()]), { held: false }, lent(false)],
    ['a renewal, the due date moved', card([loan({ dueDate: MOVED })]), HELD, lent(false, MOVED)],
    ['a renewal, the same due date: lent, the renewal unclear', card([loan()]), HELD, lent(true)],
    [
      'the item on the card, nothing known of before: lent, unclear',
      card([loan()]),
      undefined,
      lent(true),
    ],
  ];

describe("circulation desk: what the member's card shows after a lost check-out answer", () => {
  it.each(LOOKS)('%s', (_label, lookup, prior, expected) => {
    expect(cardShows(lookup, asItem(ITEM), prior)).toEqual(expected);
  });
});
