import { describe, expect, it } from 'vitest';
import type { ExceptionRecord } from '../../../../src-main/circulation/journal/journal-records';
import {
  exceptionWords,
  unreadAnswerText,
} from '../../../../src-main/circulation/offline/unread-answer';

/** The export's (English) words for an answer the kiosk did not follow or read. */

const exception = (more: Partial<ExceptionRecord>): ExceptionRecord => ({
  t: 'exception',
  id: 'txn-1',
  at: 1,
  reason: 'unconfirmed',
  ...more,
});

describe('unreadAnswerText', () => {
  it.each([
    [
      { kind: 'redirected', target: 'https://elsewhere.example' },
      'redirect to https://elsewhere.example not followed',
    ],
    [
      { kind: 'too-large', limitBytes: 4 * 1024 * 1024 },
      'answer larger than 4 MiB (service.maxAnswerBytes) not read',
    ],
  ] as const)('%o reads "%s"', (unread, words) => {
    expect(unreadAnswerText(unread)).toBe(words);
  });
});

describe('exceptionWords', () => {
  it.each([
    ['the service’s own words', exception({ message: 'Item is on loan.' }), 'Item is on loan.'],
    [
      'an unread answer, named',
      exception({ unread: { kind: 'redirected', target: 'https://elsewhere.example' } }),
      'redirect to https://elsewhere.example not followed',
    ],
    [
      'a journal written before issue 23: the kiosk’s words as they were kept',
      exception({ message: 'redirect to https://old.example not followed' }),
      'redirect to https://old.example not followed',
    ],
    ['no words at all', exception({}), undefined],
    ['no exception', undefined, undefined],
  ] as const)('%s', (_case, record, words) => {
    expect(exceptionWords(record)).toBe(words);
  });
});
