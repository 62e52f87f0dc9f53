import { describe, expect, it } from 'vitest';
import type { ServiceDate } from '../../../../src-main/library/values';
import {
  alertOf,
  lateness,
  readCheckinAnswer,
  readCheckoutAnswer,
  routingOf,
} from '../../../../src-main/library-client/sip2/read-circulation';
import type { readAlertType } from '../../../../src-shared/sip2/positional-fields';
import { DATE, answerOf } from './answer-of';

const ITEM = '3900000001';
const CARD = '2900000001';
const sent = { itemBarcode: ITEM, memberBarcode: CARD };

const checkout = (fixed: Record<string, string>, fields: Record<string, string | string[]>) =>
  answerOf(
    '12',
    {
      ok: '1',
      renewalOk: 'N',
      magneticMedia: 'N',
      desensitize: 'Y',
      transactionDate: DATE,
      ...fixed,
    },
    { AO: 'LIB', AA: CARD, AB: ITEM, AJ: 'Emma', ...fields },
  );

const checkin = (
  fixed: Record<string, string>,
  fields: Record<string, string | string[]>,
  extra: (readonly [string, string])[] = [],
) =>
  answerOf(
    '10',
    { ok: '1', resensitize: 'Y', magneticMedia: 'N', alert: 'N', transactionDate: DATE, ...fixed },
    { AO: 'LIB', AB: ITEM, AQ: 'MAIN', ...fields },
    extra,
  );

describe('readCheckoutAnswer', () => {
  it('reads a check-out done: title, due date, transaction, system lines', () => {
    const result = readCheckoutAnswer(
      checkout(
        {},
        { AH: '20261209    235959', BK: 'T-1', AF: ['Due in 2 weeks'], AG: ['Keep this'] },
      ),
      sent,
      'major-units',
    );
    expect(result).toEqual({
      ok: true,
      value: {
        extra: {},
        itemBarcode: ITEM,
        memberBarcode: CARD,
        title: 'Emma',
        transactionId: 'T-1',
        dueDate: { kind: 'local', local: '2026-12-09 23:59:59' },
        overdueDate: 'unknown',
        overdue: 'unknown',
        fine: 'unknown',
        renewed: false,
        screenMessages: ['Due in 2 weeks'],
        printLines: ['Keep this'],
      },
    });
  });

  it.each<[string, string | undefined, unknown]>([
    [
      'the 18-character form, local time',
      '20261209    235959',
      { kind: 'local', local: '2026-12-09 23:59:59' },
    ],
    [
      'the 18-character form, UTC',
      '20261209   Z235959',
      { kind: 'instant', iso: '2026-12-09T23:59:59.000Z' },
    ],
    [
      'another zone, kept as sent',
      '20261209 EST235959',
      { kind: 'text', text: '20261209 EST235959' },
    ],
    ['a day in ISO form', '2026-12-09', { kind: 'day', date: '2026-12-09' }],
    ['ISO with a time', '2026-12-09 23:59', { kind: 'local', local: '2026-12-09 23:59' }],
    ['free text', '09/12/2026', { kind: 'text', text: '09/12/2026' }],
    ['empty', '', 'unknown'],
    ['absent', undefined, 'unknown'],
  ])('due date: %s', (_, text, dueDate) => {
    const result = readCheckoutAnswer(
      checkout({}, text === undefined ? {} : { AH: text }),
      sent,
      'major-units',
    );
    expect(result.ok && result.value.dueDate).toEqual(dueDate);
  });

  it.each<[string, string, unknown]>([
    ['N', '12', false],
    ['Y', '12', true],
    [' ', '12', 'unknown'],
  ])('renewal ok %j on a checkout response: renewed %s', (flag, _, renewed) => {
    const result = readCheckoutAnswer(checkout({ renewalOk: flag }, {}), sent, 'major-units');
    expect(result.ok && result.value.renewed).toBe(renewed);
  });

  it('a renew response (30) is a renewal', () => {
    const answer = answerOf(
      '30',
      { ok: '1', renewalOk: 'Y', magneticMedia: 'N', desensitize: 'Y', transactionDate: DATE },
      { AO: 'LIB', AA: CARD, AB: ITEM, AJ: 'Emma', AH: '20261223    235959' },
    );
    const result = readCheckoutAnswer(answer, sent, 'major-units');
    expect(result.ok && result.value.renewed).toBe(true);
  });

  it.each<[string, Record<string, string>, 'major-units' | 'minor-units', unknown]>([
    ['a rental fee', { BV: '0.50', BH: 'GBP' }, 'major-units', 0.5],
    ['minor units', { BV: '50' }, 'minor-units', 0.5],
    ['unreadable', { BV: 'fifty pence' }, 'major-units', 'unknown'],
  ])('fee: %s', (_, fields, whole, fine) => {
    const result = readCheckoutAnswer(checkout({}, fields), sent, whole);
    expect(result.ok && result.value.fine).toBe(fine);
  });

  it('a refusal keeps the ACS words as the message, not applied, no code of its own', () => {
    const result = readCheckoutAnswer(
      checkout({ ok: '0' }, { AJ: '', AF: ['Item on hold for', 'another patron'] }),
      sent,
      'major-units',
    );
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'refused',
        operation: 'checkOut',
        status: 12,
        message: 'Item on hold for another patron',
        outcome: 'not-applied',
      },
    });
  });

  it('a refusal without words has no message', () => {
    const result = readCheckoutAnswer(checkout({ ok: '0' }, {}), sent, 'major-units');
    expect(!result.ok && 'message' in result.error).toBe(false);
  });

  it('an "ok" the kiosk cannot read may have been done: malformed, outcome unknown', () => {
    expect(readCheckoutAnswer(checkout({ ok: 'X' }, {}), sent, 'major-units')).toEqual({
      ok: false,
      error: {
        kind: 'malformed-response',
        operation: 'checkOut',
        status: 12,
        issue: 'ok: expected 1 or 0, got "X"',
        outcome: 'unknown',
      },
    });
  });

  it.each<[string, Record<string, string>, string | undefined]>([
    ['another item', { AB: '3900000999' }, 'itemBarcode'],
    ['another card', { AA: '2900000999' }, 'memberBarcode'],
    ['the same item in another case, with spaces', { AB: ` ${ITEM} ` }, undefined],
    ['no item named', { AB: '' }, undefined],
  ])('a success naming %s', (_, fields, field) => {
    const result = readCheckoutAnswer(checkout({}, fields), sent, 'major-units');
    if (field === undefined) expect(result.ok).toBe(true);
    else
      expect(result).toEqual({
        ok: false,
        error: { kind: 'mismatched-answer', operation: 'checkOut', field, outcome: 'unknown' },
      });
  });
});

describe('alertOf: CV and the alert flag as where the item goes', () => {
  type Type = ReturnType<typeof readAlertType>;
  it.each<[Type, boolean, boolean, string | undefined]>([
    ['hold-here', false, false, 'hold'],
    ['hold-here', true, true, 'hold'],
    ['hold-elsewhere', true, true, 'hold-transit'],
    ['hold-interlibrary-loan', true, false, 'hold-transit'],
    ['transit', true, true, 'transit'],
    ['other', true, false, 'other'],
    ['unknown', true, false, 'other'],
    ['unknown', true, true, 'transit'],
    ['unknown', false, false, undefined],
    ['absent', true, true, 'transit'],
    ['absent', true, false, 'other'],
    ['absent', false, true, undefined],
    ['absent', false, false, undefined],
  ])('type %s, alert %s, destination %s: %s', (type, flagged, destination, alert) => {
    expect(alertOf(type, flagged, destination)).toBe(alert);
  });
});

describe('readCheckinAnswer', () => {
  it('reads a return: no due date, not a renewal, lines kept', () => {
    const result = readCheckinAnswer(
      checkin({}, { AJ: 'Emma', AA: CARD, AF: ['Thank you'], AG: ['Returned: Emma'] }),
      { itemBarcode: ITEM },
      'major-units',
    );
    expect(result).toEqual({
      ok: true,
      value: {
        extra: {},
        itemBarcode: ITEM,
        title: 'Emma',
        memberBarcode: CARD,
        dueDate: null,
        overdueDate: 'unknown',
        overdue: 'unknown',
        fine: 'unknown',
        renewed: false,
        screenMessages: ['Thank you'],
        printLines: ['Returned: Emma'],
      },
    });
  });

  it('a hold here with its sort bin: routing, and never the hold patron (CY, DA)', () => {
    const result = readCheckinAnswer(
      checkin({ alert: 'Y' }, { CV: '01', CL: 'BIN 3', CY: '2900000777', DA: 'Other Person' }),
      { itemBarcode: ITEM },
      'major-units',
    );
    expect(result.ok && result.value.routing).toEqual({ alert: 'hold', sortBin: 'BIN 3' });
    expect(JSON.stringify(result)).not.toMatch(/2900000777|Other Person/);
  });

  it('a transit to another branch names the destination', () => {
    const result = readCheckinAnswer(
      checkin({ alert: 'Y' }, { CV: '04', CT: 'EAST' }),
      { itemBarcode: ITEM },
      'major-units',
    );
    expect(result.ok && result.value.routing).toEqual({ alert: 'transit', destination: 'EAST' });
  });

  it('no alert: no routing', () => {
    const result = readCheckinAnswer(checkin({}, {}), { itemBarcode: ITEM }, 'major-units');
    expect(result.ok && 'routing' in result.value).toBe(false);
  });

  it('a fine an ACS sends on a check-in (outside the specification) is read', () => {
    const result = readCheckinAnswer(
      checkin({}, {}, [
        ['BV', '1.20'],
        ['BH', 'EUR'],
      ]),
      { itemBarcode: ITEM },
      'major-units',
    );
    expect(result.ok && [result.value.fine, result.value.currency]).toEqual([1.2, 'EUR']);
  });

  it('a refused return keeps the words, not applied', () => {
    const result = readCheckinAnswer(
      checkin({ ok: '0' }, { AF: ['Item not checked out'] }),
      { itemBarcode: ITEM },
      'major-units',
    );
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'refused',
        operation: 'checkIn',
        status: 10,
        message: 'Item not checked out',
        outcome: 'not-applied',
      },
    });
  });

  it('a return answer for another item is a mismatch', () => {
    const result = readCheckinAnswer(
      checkin({}, { AB: 'X-1' }),
      { itemBarcode: ITEM },
      'major-units',
    );
    expect(!result.ok && result.error.kind).toBe('mismatched-answer');
  });
});

describe('routingOf reads only what the answer says', () => {
  it('an alert flag with CV 00 and no destination is another alert', () => {
    expect(routingOf(checkin({ alert: 'Y' }, { CV: '00' }))).toEqual({ alert: 'other' });
  });
});

describe('lateness: a return told late from the due date the item had before it', () => {
  const returnedAt = new Date('2026-11-27T10:00:00.000Z');
  it.each<[string, ServiceDate | undefined, object]>([
    [
      'due the day before (UTC)',
      { kind: 'instant', iso: '2026-11-26T23:59:00.000Z' },
      { overdue: true, overdueDate: { kind: 'instant', iso: '2026-11-26T23:59:00.000Z' } },
    ],
    [
      'due later the same day',
      { kind: 'instant', iso: '2026-11-27T23:59:00.000Z' },
      { overdue: false, overdueDate: null },
    ],
    [
      'due as text the kiosk cannot place',
      { kind: 'text', text: 'next week' },
      { overdue: 'unknown', overdueDate: 'unknown' },
    ],
    [
      'no due date (17 not answered, or on the shelf)',
      undefined,
      { overdue: 'unknown', overdueDate: 'unknown' },
    ],
  ])('%s', (_label, due, expected) => {
    expect(lateness(due, returnedAt)).toEqual(expected);
  });
});
