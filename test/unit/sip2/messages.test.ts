import { describe, expect, it } from 'vitest';
import { FIELD, REPEATABLE_FIELDS, isRepeatable } from '../../../src-shared/sip2/fields';
import {
  MESSAGES,
  MESSAGE_CODES,
  fixedLength,
  isMessageCode,
  layoutIds,
} from '../../../src-shared/sip2/messages';

describe('the message table', () => {
  it.each([
    ['93', 2],
    ['94', 1],
    ['99', 8],
    ['98', 34],
    ['63', 31],
    ['64', 59],
    ['23', 21],
    ['24', 35],
    ['11', 38],
    ['12', 22],
    ['09', 37],
    ['10', 22],
    ['29', 38],
    ['30', 22],
    ['17', 18],
    ['18', 24],
    ['35', 18],
    ['36', 19],
    ['97', 0],
    ['96', 0],
  ] as const)(
    '%s has %d characters of fixed fields, as the specification lays them out',
    (code, length) => {
      expect(fixedLength(code)).toBe(length);
    },
  );

  it('covers exactly the messages of a self-check station (37 fee paid is out of scope)', () => {
    expect([...MESSAGE_CODES].sort()).toEqual([
      '09',
      '10',
      '11',
      '12',
      '17',
      '18',
      '23',
      '24',
      '29',
      '30',
      '35',
      '36',
      '63',
      '64',
      '93',
      '94',
      '96',
      '97',
      '98',
      '99',
    ]);
  });

  it('lists each variable field once, with every required field among them', () => {
    for (const code of MESSAGE_CODES) {
      const ids = layoutIds(code);
      expect(new Set(ids).size, code).toBe(ids.length);
      for (const id of MESSAGES[code].required) expect(ids, code).toContain(id);
    }
  });

  it('knows a code by its own keys only', () => {
    expect(isMessageCode('12')).toBe(true);
    expect(isMessageCode('37')).toBe(false);
    expect(isMessageCode('constructor')).toBe(false);
  });
});

describe('field ids', () => {
  it('are two capital letters, each named once', () => {
    const ids = Object.values(FIELD);
    for (const id of ids) expect(id).toMatch(/^[A-Z]{2}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('collect the item lists, screen messages and print lines, and nothing else', () => {
    for (const id of REPEATABLE_FIELDS) expect(isRepeatable(id)).toBe(true);
    for (const id of ['AA', 'AB', 'AH', 'BV', 'AY', 'ZZ']) expect(isRepeatable(id)).toBe(false);
  });
});
