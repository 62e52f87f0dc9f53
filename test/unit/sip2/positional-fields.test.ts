import { describe, expect, it } from 'vitest';
import {
  isSupportable,
  readAlertType,
  readCirculationStatus,
  readPatronStatus,
  readSummary,
  summaryField,
  supportedMessagesField,
  supports,
} from '../../../src-shared/sip2/positional-fields';

describe('readPatronStatus (14 positions, Y where the condition holds)', () => {
  it.each([
    ['              ', []],
    ['Y             ', ['charge-privileges-denied']],
    [
      '    Y     y  Y',
      ['card-reported-lost', 'excessive-outstanding-fines', 'too-many-items-billed'],
    ],
    ['NNNNNNNNNNNNNN', []],
    ['', []],
    ['YY', ['charge-privileges-denied', 'renewal-privileges-denied']],
    ['YYYYYYYYYYYYYYYY', expect.arrayContaining(['recall-overdue'])],
  ])('reads %j', (text, conditions) => {
    expect(readPatronStatus(text)).toEqual(conditions);
  });
});

describe('supports (BX, 16 positions)', () => {
  const bx = 'YYYNYNYYNYYNNNYN';
  it.each([
    ['23', 'yes'],
    ['11', 'yes'],
    ['09', 'yes'],
    ['01', 'no'],
    ['99', 'yes'],
    ['97', 'no'],
    ['93', 'yes'],
    ['63', 'yes'],
    ['35', 'no'],
    ['37', 'yes'],
    ['17', 'yes'],
    ['19', 'no'],
    ['25', 'no'],
    ['15', 'no'],
    ['29', 'yes'],
    ['65', 'no'],
  ] as const)('reads %s as %s', (request, answer) => {
    expect(supports(bx, request)).toBe(answer);
  });

  it('says not-said for a BX that is absent, short, or neither Y nor N there', () => {
    expect(supports(undefined, '29')).toBe('not-said');
    expect(supports('YYY', '29')).toBe('not-said');
    expect(supports('YYYNYNYYNYYNNN U', '29')).toBe('not-said');
    expect(supports('yyy', '09')).toBe('yes');
  });

  it('writes BX for a listener, and reads it back', () => {
    const field = supportedMessagesField(['23', '11', '09', '99', '93', '63', '35', '17', '29']);
    expect(field).toBe('YYYNYNYYYNYNNNYN');
    expect(supports(field, '35')).toBe('yes');
    expect(supports(field, '37')).toBe('no');
  });

  it('knows which of the codec messages BX can speak of', () => {
    expect(isSupportable('29')).toBe(true);
    expect(isSupportable('12')).toBe(false);
  });
});

describe('summary (63, ten positions, one Y)', () => {
  it.each([
    ['hold-items', 'Y         '],
    ['charged-items', '  Y       '],
    ['unavailable-holds', '     Y    '],
    [undefined, '          '],
  ] as const)('writes %s as %j and reads it back', (list, text) => {
    expect(summaryField(list)).toBe(text);
    expect(readSummary(text)).toBe(list);
  });

  it('reads two lists asked at once, or none, as undefined', () => {
    expect(readSummary('YY        ')).toBeUndefined();
    expect(readSummary('')).toBeUndefined();
    expect(readSummary('  y')).toBe('charged-items');
  });
});

describe('readCirculationStatus (18)', () => {
  it.each([
    ['01', 'other'],
    ['03', 'available'],
    ['04', 'charged'],
    ['08', 'waiting-on-hold-shelf'],
    ['10', 'in-transit'],
    ['13', 'missing'],
    [' 3', 'available'],
    ['3', 'available'],
    ['00', 'unknown'],
    ['14', 'unknown'],
    ['  ', 'unknown'],
    [undefined, 'unknown'],
  ])('reads %j as %s', (text, status) => {
    expect(readCirculationStatus(text)).toBe(status);
  });
});

describe('readAlertType (CV, 10)', () => {
  it.each([
    ['00', 'unknown'],
    ['01', 'hold-here'],
    ['02', 'hold-elsewhere'],
    ['03', 'hold-interlibrary-loan'],
    ['04', 'transit'],
    ['99', 'other'],
    ['05', 'unknown'],
    ['', 'absent'],
    [undefined, 'absent'],
  ])('reads %j as %s', (text, alert) => {
    expect(readAlertType(text)).toBe(alert);
  });
});
