import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../../src-main/circulation/journal/journal-entry';
import type { PriorLoan } from '../../../../src-main/circulation/journal/journal-records';
import {
  afterPriorsLookup,
  memberToLook,
  settle,
  stopFor,
} from '../../../../src-main/circulation/offline/sync-settle';
import type {
  SyncDecision,
  SyncAnswer,
  SyncStop,
} from '../../../../src-main/circulation/offline/sync-settle';
import type { LibraryError } from '../../../../src-main/library/library-error';
import type { Loan } from '../../../../src-main/library/records';
import { UNKNOWN } from '../../../../src-main/library/values';
import { err, ok } from '../../../../src-common/result';
import { CARD, DUE, ITEM, OTHER_ITEM, circulationRecord, memberRecord } from '../session-harness';
import { asItem, asMember } from '../../../support/barcodes';

/**
 * The sync's decisions, one row per kind of answer: what the journal records and what the engine
 * does next. The engine that carries them out is tested over a real journal in sync-and-probe,
 * sync-wrong-answers and the offline integration tests.
 */

const ID = 'txn-1';

function entry(
  kind: 'check-out' | 'check-in',
  options: { member?: string; prior?: PriorLoan } = {},
): JournalEntry {
  const text = kind === 'check-out' ? (options.member ?? CARD) : options.member;
  const member = text === undefined ? undefined : asMember(text);
  return {
    txn: { t: 'txn', id: ID, at: 1, kind, item: asItem(ITEM), ...(member ? { member } : {}) },
    state: 'in-flight',
    needsReconcile: false,
    ...(options.prior ? { prior: options.prior } : {}),
    offset: 0,
  };
}

const loan = (overrides: Partial<Loan> = {}): Loan => ({
  extra: {},
  itemBarcode: ITEM,
  checkedOutAt: null,
  dueDate: DUE,
  overdue: false,
  fine: 0,
  ...overrides,
});

const MOVED_DUE = { kind: 'instant', iso: '2026-02-14T23:59:59.000Z' } as const;
const HELD_BEFORE: PriorLoan = { held: true, due: JSON.stringify(DUE) };
const NOT_HELD_BEFORE: PriorLoan = { held: false };

const e = {
  refused: (status: number, extra: { code?: string; message?: string } = {}): LibraryError => ({
    kind: 'refused',
    operation: 'checkOut',
    status,
    ...extra,
    outcome: status >= 400 && status < 500 ? 'not-applied' : 'unknown',
  }),
  auth: (reason: 'token-rejected' | 'auth-server-unreachable' | 'signed-out'): LibraryError => ({
    kind: 'auth-required',
    operation: 'checkOut',
    reason,
    outcome: 'not-applied',
  }),
  unreachable: (cause: string, outcome: 'not-applied' | 'unknown'): LibraryError => ({
    kind: 'unreachable',
    operation: 'checkOut',
    cause,
    outcome,
  }),
  timeout: { kind: 'timeout', operation: 'checkOut', timeoutMs: 15_000, outcome: 'unknown' },
  cancelled: (outcome: 'not-applied' | 'unknown'): LibraryError => ({
    kind: 'cancelled',
    operation: 'checkOut',
    outcome,
  }),
  malformed: (status: number, outcome: 'applied' | 'unknown'): LibraryError => ({
    kind: 'malformed-response',
    operation: 'checkOut',
    status,
    issue: 'DueDate: expected string',
    outcome,
  }),
  mismatched: {
    kind: 'mismatched-answer',
    operation: 'checkOut',
    field: 'itemBarcode',
    outcome: 'unknown',
  },
  redirected: (status: number, outcome: 'not-applied' | 'unknown'): LibraryError => ({
    kind: 'redirected',
    operation: 'checkOut',
    status,
    target: 'https://elsewhere.example',
    outcome,
  }),
  tooLarge: (status: number, outcome: 'not-applied' | 'unknown' | 'applied'): LibraryError => ({
    kind: 'too-large',
    operation: 'checkOut',
    status,
    limitBytes: 4 * 1024 * 1024,
    outcome,
  }),
  invalid: {
    kind: 'invalid-argument',
    operation: 'checkOut',
    issue: 'itemBarcode: empty',
    outcome: 'not-applied',
  },
} satisfies Record<string, LibraryError | ((...args: never[]) => LibraryError)>;

const NEXT = { then: 'next' } as const;
const WAIT_SERVICE = { then: 'wait-for-service' } as const;
const RETRY = { then: 'retry-later' } as const;
const WAIT_SIGN_IN = { then: 'wait-for-sign-in' } as const;
// Facts, not words: staff read them in their own language (unread-answer.ts, offline-status-words.ts).
const REDIRECT = { kind: 'redirected', target: 'https://elsewhere.example' } as const;
const TOO_LARGE = { kind: 'too-large', limitBytes: 4 * 1024 * 1024 } as const;

type Row = [
  label: string,
  kind: 'check-out' | 'check-in',
  answer: SyncAnswer,
  expected: SyncDecision,
];

const sent = (result: SyncAnswer['result'], afterUnknown = false): SyncAnswer =>
  ({ to: 'send', afterUnknown, result }) as SyncAnswer;
const failed = (error: LibraryError, afterUnknown = false) => sent(err(error), afterUnknown);

const SENT: Row[] = [
  [
    'a check-out answered: applied with the due date and fine the service gave',
    'check-out',
    sent(ok(circulationRecord())),
    {
      records: [
        { t: 'applied', id: ID, reconciled: false, dueDate: '2026-01-31 23:59 UTC', fine: 0 },
      ],
      durable: false,
      heard: true,
      next: NEXT,
    },
  ],
  [
    'a check-in answered without a due date, with a fine: applied with the fine',
    'check-in',
    sent(ok(circulationRecord({ dueDate: null, fine: 1.5 }))),
    {
      records: [{ t: 'applied', id: ID, reconciled: false, fine: 1.5 }],
      durable: false,
      heard: true,
      next: NEXT,
    },
  ],
  [
    'an answer that does not say the due date or the fine: applied, nothing invented',
    'check-out',
    sent(ok(circulationRecord({ dueDate: UNKNOWN, fine: UNKNOWN }))),
    {
      records: [{ t: 'applied', id: ID, reconciled: false }],
      durable: false,
      heard: true,
      next: NEXT,
    },
  ],
  [
    'a 2xx whose answer could not be read: applied',
    'check-out',
    failed(e.malformed(200, 'applied')),
    {
      records: [{ t: 'applied', id: ID, reconciled: false }],
      durable: false,
      heard: false,
      next: NEXT,
    },
  ],
  [
    'a 2xx too large to read: applied',
    'check-out',
    failed(e.tooLarge(200, 'applied')),
    {
      records: [{ t: 'applied', id: ID, reconciled: false }],
      durable: false,
      heard: false,
      next: NEXT,
    },
  ],
  [
    'an answer for another item: unconfirmed, for staff, on disk before going on',
    'check-in',
    failed(e.mismatched),
    {
      records: [{ t: 'exception', id: ID, reason: 'unconfirmed' }],
      durable: true,
      heard: false,
      next: NEXT,
    },
  ],
  [
    'a 307 redirect: an exception naming it, not followed',
    'check-out',
    failed(e.redirected(307, 'not-applied')),
    {
      records: [{ t: 'exception', id: ID, reason: 'refused', unread: REDIRECT }],
      durable: true,
      heard: false,
      next: NEXT,
    },
  ],
  [
    'a 303 redirect (effect unknown): unconfirmed, so a retry looks before it sends again',
    'check-out',
    failed(e.redirected(303, 'unknown')),
    {
      records: [{ t: 'exception', id: ID, reason: 'unconfirmed', unread: REDIRECT }],
      durable: true,
      heard: false,
      next: NEXT,
    },
  ],
  [
    'a 4xx too large to read: an exception naming the cap',
    'check-out',
    failed(e.tooLarge(400, 'not-applied')),
    {
      records: [{ t: 'exception', id: ID, reason: 'refused', unread: TOO_LARGE }],
      durable: true,
      heard: false,
      next: NEXT,
    },
  ],
  [
    'a 5xx too large to read (effect unknown): unconfirmed, naming the cap',
    'check-in',
    failed(e.tooLarge(502, 'unknown')),
    {
      records: [{ t: 'exception', id: ID, reason: 'unconfirmed', unread: TOO_LARGE }],
      durable: true,
      heard: false,
      next: NEXT,
    },
  ],
  [
    'a 4xx refusal with a code and words: refused, with both and the status',
    'check-out',
    failed(e.refused(409, { code: 'item_on_loan', message: 'On loan to someone else' })),
    {
      records: [
        {
          t: 'exception',
          id: ID,
          reason: 'refused',
          status: 409,
          code: 'item_on_loan',
          message: 'On loan to someone else',
        },
      ],
      durable: false,
      heard: true,
      next: NEXT,
    },
  ],
  [
    'a bare 4xx refusal: refused, with the status only',
    'check-out',
    failed(e.refused(404)),
    {
      records: [{ t: 'exception', id: ID, reason: 'refused', status: 404 }],
      durable: false,
      heard: true,
      next: NEXT,
    },
  ],
  [
    "a refusal's words past 1000 characters: kept to 1000",
    'check-out',
    failed(e.refused(400, { message: 'x'.repeat(1200) })),
    {
      records: [
        { t: 'exception', id: ID, reason: 'refused', status: 400, message: 'x'.repeat(1000) },
      ],
      durable: false,
      heard: true,
      next: NEXT,
    },
  ],
  [
    'a first return refused as not on loan: refused',
    'check-in',
    failed(e.refused(409, { code: 'item_not_on_loan' })),
    {
      records: [
        { t: 'exception', id: ID, reason: 'refused', status: 409, code: 'item_not_on_loan' },
      ],
      durable: false,
      heard: true,
      next: NEXT,
    },
  ],
  [
    'a return sent again after a lost answer, refused as not on loan: the first try applied it',
    'check-in',
    failed(e.refused(409, { code: 'item_not_on_loan' }), true),
    {
      records: [{ t: 'applied', id: ID, reconciled: true }],
      durable: false,
      heard: true,
      next: NEXT,
    },
  ],
  [
    'a sent-again refusal with another code: refused',
    'check-in',
    failed(e.refused(409, { code: 'item_on_loan' }), true),
    {
      records: [{ t: 'exception', id: ID, reason: 'refused', status: 409, code: 'item_on_loan' }],
      durable: false,
      heard: true,
      next: NEXT,
    },
  ],
  [
    'an argument that cannot be sent: a not-sent exception, with no answer of the service',
    'check-out',
    failed(e.invalid),
    {
      records: [{ t: 'exception', id: ID, reason: 'not-sent' }],
      durable: false,
      heard: false,
      next: NEXT,
    },
  ],
  [
    'a 5xx: nothing recorded (the attempt stays, looked at next), retried after a back-off',
    'check-out',
    failed(e.refused(503)),
    { records: [], durable: false, heard: false, next: RETRY },
  ],
  [
    'a 5xx after a lost answer: nothing recorded, retried after a back-off',
    'check-in',
    failed(e.refused(500), true),
    { records: [], durable: false, heard: false, next: RETRY },
  ],
  [
    'a 401 after the refreshed token: released (not applied), waits for a sign-in',
    'check-out',
    failed(e.auth('token-rejected')),
    { records: [{ t: 'released', id: ID }], durable: false, heard: false, next: WAIT_SIGN_IN },
  ],
  [
    'signed out before sending, after a lost answer: the attempt stays, waits for a sign-in',
    'check-out',
    failed(e.auth('signed-out'), true),
    { records: [], durable: false, heard: false, next: WAIT_SIGN_IN },
  ],
  [
    'the sign-in server unreachable: released, waits for the service',
    'check-in',
    failed(e.auth('auth-server-unreachable')),
    { records: [{ t: 'released', id: ID }], durable: false, heard: false, next: WAIT_SERVICE },
  ],
  [
    'a refused connection: released (never reached the service), waits for the service',
    'check-out',
    failed(e.unreachable('ECONNREFUSED', 'not-applied')),
    { records: [{ t: 'released', id: ID }], durable: false, heard: false, next: WAIT_SERVICE },
  ],
  [
    'a refused connection after a lost answer: the attempt stays, waits for the service',
    'check-out',
    failed(e.unreachable('ECONNREFUSED', 'not-applied'), true),
    { records: [], durable: false, heard: false, next: WAIT_SERVICE },
  ],
  [
    'a connection reset mid-call: nothing recorded (effect unknown), waits for the service',
    'check-out',
    failed(e.unreachable('ECONNRESET', 'unknown')),
    { records: [], durable: false, heard: false, next: WAIT_SERVICE },
  ],
  [
    'a timeout: nothing recorded (effect unknown), waits for the service',
    'check-in',
    failed(e.timeout),
    { records: [], durable: false, heard: false, next: WAIT_SERVICE },
  ],
  [
    'cancelled before it went: released, retried after a back-off',
    'check-out',
    failed(e.cancelled('not-applied')),
    { records: [{ t: 'released', id: ID }], durable: false, heard: false, next: RETRY },
  ],
  [
    'cancelled in flight: nothing recorded (effect unknown), retried after a back-off',
    'check-out',
    failed(e.cancelled('unknown')),
    { records: [], durable: false, heard: false, next: RETRY },
  ],
  [
    'an unreadable non-2xx answer: nothing recorded (effect unknown), retried after a back-off',
    'check-out',
    failed(e.malformed(0, 'unknown')),
    { records: [], durable: false, heard: false, next: RETRY },
  ],
];

const looked = (result: SyncAnswer['result']): SyncAnswer => ({ to: 'look', result }) as SyncAnswer;
const withLoans = (loans: Loan[] | typeof UNKNOWN) => looked(ok(memberRecord({ loans })));
const lookFailed = (error: LibraryError) => looked(err({ ...error, operation: 'memberByBarcode' }));

type LookRow = [
  label: string,
  prior: PriorLoan | undefined,
  answer: SyncAnswer,
  expected: SyncDecision,
];

const UNCONFIRMED = [{ t: 'exception' as const, id: ID, reason: 'unconfirmed' as const }];
const RELEASED = [{ t: 'released' as const, id: ID, reconciled: true as const }];

const LOOKED: LookRow[] = [
  [
    'a new loan of the item where there was none: applied, with its due date, on disk',
    NOT_HELD_BEFORE,
    withLoans([loan()]),
    {
      records: [{ t: 'applied', id: ID, reconciled: true, dueDate: '2026-01-31 23:59 UTC' }],
      durable: true,
      heard: true,
      next: NEXT,
    },
  ],
  [
    'a renewal: the due date moved, applied',
    HELD_BEFORE,
    withLoans([loan({ dueDate: MOVED_DUE })]),
    {
      records: [{ t: 'applied', id: ID, reconciled: true, dueDate: '2026-02-14 23:59 UTC' }],
      durable: true,
      heard: true,
      next: NEXT,
    },
  ],
  [
    'no loan of the item: not applied, released and sent as new with the loan as it is',
    NOT_HELD_BEFORE,
    withLoans([loan({ itemBarcode: OTHER_ITEM })]),
    {
      records: RELEASED,
      durable: false,
      heard: true,
      next: { then: 'send', prior: { held: false } },
    },
  ],
  [
    'the same due date as before: a renewal that may not have happened, staff look',
    HELD_BEFORE,
    withLoans([loan()]),
    { records: UNCONFIRMED, durable: true, heard: true, next: NEXT },
  ],
  [
    'a loan of the item with nothing known of before: staff look',
    undefined,
    withLoans([loan()]),
    { records: UNCONFIRMED, durable: true, heard: true, next: NEXT },
  ],
  [
    'loans the service did not show: staff look',
    NOT_HELD_BEFORE,
    withLoans(UNKNOWN),
    { records: UNCONFIRMED, durable: true, heard: true, next: NEXT },
  ],
  [
    'a member the service does not know: never lent, released and sent (its refusal tells)',
    NOT_HELD_BEFORE,
    lookFailed(e.refused(404, { code: 'member_not_found' })),
    { records: RELEASED, durable: false, heard: false, next: { then: 'send' } },
  ],
  [
    'a redirected look-up: staff look, instead of a retry loop',
    NOT_HELD_BEFORE,
    lookFailed(e.redirected(307, 'not-applied')),
    { records: UNCONFIRMED, durable: true, heard: false, next: NEXT },
  ],
  [
    'a look-up too large to read: staff look',
    NOT_HELD_BEFORE,
    lookFailed(e.tooLarge(200, 'applied')),
    { records: UNCONFIRMED, durable: true, heard: false, next: NEXT },
  ],
  [
    'an unreachable look-up: nothing recorded, waits for the service',
    NOT_HELD_BEFORE,
    lookFailed(e.unreachable('ECONNREFUSED', 'not-applied')),
    { records: [], durable: false, heard: false, next: WAIT_SERVICE },
  ],
  [
    'a look-up timeout: nothing recorded, waits for the service',
    NOT_HELD_BEFORE,
    lookFailed(e.timeout),
    { records: [], durable: false, heard: false, next: WAIT_SERVICE },
  ],
  [
    'a look-up needing a sign-in: nothing recorded, waits for a sign-in',
    NOT_HELD_BEFORE,
    lookFailed(e.auth('token-rejected')),
    { records: [], durable: false, heard: false, next: WAIT_SIGN_IN },
  ],
  [
    'a look-up failing with a 5xx: nothing recorded, retried after a back-off',
    NOT_HELD_BEFORE,
    lookFailed(e.refused(500)),
    { records: [], durable: false, heard: false, next: RETRY },
  ],
];

describe('sync: what one answer to a send settles', () => {
  it.each(SENT)('%s', (_label, kind, answer, expected) => {
    expect(settle(entry(kind), answer)).toEqual(expected);
  });
});

describe('sync: what the look-up after a lost answer settles', () => {
  it.each(LOOKED)('%s', (_label, prior, answer, expected) => {
    expect(settle(entry('check-out', prior ? { prior } : {}), answer)).toEqual(expected);
  });
});

describe('sync: a stop, what a lost answer looks at, and the loans before a run', () => {
  it.each([
    ['unreachable', e.unreachable('ECONNREFUSED', 'not-applied'), WAIT_SERVICE],
    ['timeout', e.timeout, WAIT_SERVICE],
    ['the sign-in server unreachable', e.auth('auth-server-unreachable'), WAIT_SERVICE],
    ['a sign-in needed', e.auth('signed-out'), WAIT_SIGN_IN],
    ['a 5xx', e.refused(503), RETRY],
    ['cancelled', e.cancelled('unknown'), RETRY],
    ['an unreadable answer', e.malformed(502, 'unknown'), RETRY],
  ] as [string, LibraryError, SyncStop][])('stops for %s', (_label, error, expected) => {
    expect(stopFor(error)).toEqual(expected);
  });

  it.each([
    ['a check-out: its card', entry('check-out'), CARD],
    ['a return: none, it is sent again', entry('check-in', { member: CARD }), undefined],
    [
      'a check-out without a card: none',
      { ...entry('check-out'), txn: { t: 'txn', id: ID, at: 1, kind: 'check-out', item: ITEM } },
      undefined,
    ],
  ] as [string, JournalEntry, string | undefined][])('looks at %s', (_label, lost, expected) => {
    expect(memberToLook(lost)).toBe(expected);
  });

  it.each([
    ['a member the service does not know', e.refused(404), 'priors-unknown'],
    ['a redirect', e.redirected(307, 'not-applied'), 'priors-unknown'],
    ['an answer too large', e.tooLarge(200, 'applied'), 'priors-unknown'],
    ['unreachable', e.unreachable('ECONNREFUSED', 'not-applied'), WAIT_SERVICE],
    ['a sign-in needed', e.auth('token-rejected'), WAIT_SIGN_IN],
    ['a 5xx', e.refused(500), RETRY],
  ] as [string, LibraryError, ReturnType<typeof afterPriorsLookup>][])(
    'takes a failed look-up of the loans before a run for %s',
    (_label, error, expected) => {
      expect(afterPriorsLookup({ ...error, operation: 'memberByBarcode' })).toEqual(expected);
    },
  );
});
