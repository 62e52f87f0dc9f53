import { describe, expect, it } from 'vitest';
import { readPatronStatus } from '../../../src-shared/sip2/positional-fields';
import {
  blockWords,
  listRange,
  patronStatus,
  UNKNOWN_PATRON_STATUS,
} from '../../../src-reference-service/sip2/patron-answers';

describe('patronStatus: the 14 positions from the domain blocks', () => {
  it.each([
    { blocks: [], conditions: [] },
    {
      blocks: ['member_blocked'],
      conditions: [
        'charge-privileges-denied',
        'renewal-privileges-denied',
        'recall-privileges-denied',
        'hold-privileges-denied',
      ],
    },
    {
      blocks: ['member_expired'],
      conditions: [
        'charge-privileges-denied',
        'renewal-privileges-denied',
        'recall-privileges-denied',
        'hold-privileges-denied',
      ],
    },
    {
      blocks: ['fine_threshold_exceeded'],
      conditions: [
        'charge-privileges-denied',
        'renewal-privileges-denied',
        'excessive-outstanding-fines',
      ],
    },
    {
      blocks: ['loan_limit_reached'],
      conditions: ['charge-privileges-denied', 'too-many-items-charged'],
    },
  ] as const)('$blocks -> $conditions', ({ blocks, conditions }) => {
    const status = patronStatus(blocks);
    expect(status).toHaveLength(14);
    expect(readPatronStatus(status)).toEqual(conditions);
  });

  it('writes an unknown card as every privilege denied, the rest blank', () => {
    expect(UNKNOWN_PATRON_STATUS).toBe('YYYY          ');
  });
});

describe('blockWords: one screen message per block, in order', () => {
  it.each([
    { blocks: [], words: [] },
    {
      blocks: ['member_blocked', 'member_expired'],
      words: [
        'Your card is blocked: please ask the library staff.',
        'Your membership has expired: please ask the library staff.',
      ],
    },
    {
      blocks: ['fine_threshold_exceeded', 'loan_limit_reached'],
      words: [
        'You owe more than the limit for borrowing: please ask the library staff.',
        'You already have as many items on loan as you may borrow.',
      ],
    },
  ] as const)('$blocks', ({ blocks, words }) => {
    expect(blockWords(blocks)).toEqual(words);
  });
});

describe('listRange: BP..BQ, 1-based and both ends included', () => {
  const list = ['a', 'b', 'c', 'd'];
  it.each([
    { start: undefined, end: undefined, range: ['a', 'b', 'c', 'd'] },
    { start: '2', end: undefined, range: ['b', 'c', 'd'] },
    { start: '2', end: '3', range: ['b', 'c'] },
    { start: '0003', end: '0003', range: ['c'] },
    { start: '0', end: '1', range: ['a'] },
    { start: 'x', end: 'y', range: ['a', 'b', 'c', 'd'] },
    { start: '3', end: '2', range: [] },
    { start: '5', end: '9', range: [] },
  ])('BP $start BQ $end', ({ start, end, range }) => {
    expect(listRange(list, start, end)).toEqual(range);
  });
});
