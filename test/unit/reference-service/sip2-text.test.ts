import { describe, expect, it } from 'vitest';
import { checksumText, verifyChecksum } from '../../../src-shared/sip2/checksum';
import { count4, sipMoment, yesNo } from '../../../src-reference-service/sip2/context';
import { spoilChecksum } from '../../../src-reference-service/sip2/connection';
import { fitMessage, fitText } from '../../../src-reference-service/sip2/fit-text';

describe('fitText: a value the frame can carry', () => {
  it.each([
    { text: 'Ó Súilleabháin', encoding: 'utf-8', fitted: 'Ó Súilleabháin' },
    { text: 'Ó Súilleabháin', encoding: 'ascii', fitted: 'O Suilleabhain' },
    { text: 'Ó Súilleabháin', encoding: 'latin1', fitted: 'Ó Súilleabháin' },
    // Ł is a letter of its own (no accent to drop), so it becomes "?"; ź loses its accent.
    { text: 'Łódź', encoding: 'latin1', fitted: '?ódz' },
    { text: 'Łódź', encoding: 'cp850', fitted: '?ódz' },
    { text: '漢字 ok', encoding: 'ascii', fitted: '?? ok' },
    { text: 'a|b\rc\nd', encoding: 'utf-8', fitted: 'a b c d' },
  ] as const)('$text in $encoding', ({ text, encoding, fitted }) => {
    expect(fitText(text, encoding)).toBe(fitted);
  });

  it('fits every value of an answer, lists included', () => {
    const fitted = fitMessage(
      {
        code: '64',
        fixed: {
          patronStatus: ' '.repeat(14),
          language: '001',
          transactionDate: ' '.repeat(18),
          holdItemsCount: '0000',
          overdueItemsCount: '0000',
          chargedItemsCount: '0000',
          fineItemsCount: '0000',
          recallItemsCount: '0000',
          unavailableHoldsCount: '0000',
        },
        fields: { AO: 'HCL', AA: '1', AE: 'Zoë', AU: ['Café|Bar'] },
      },
      'ascii',
    );
    expect(fitted.fields).toEqual({ AO: 'HCL', AA: '1', AE: 'Zoe', AU: ['Cafe Bar'] });
  });
});

describe('sipMoment: the moment of an 18-character date', () => {
  it.each([
    { text: '20260115   Z235959', moment: '2026-01-15T23:59:59.000Z' },
    { text: '20260115    235959', moment: new Date(2026, 0, 15, 23, 59, 59).toISOString() },
    { text: '20260115 CET235959', moment: undefined },
    { text: '2026-01-15 23:59:59', moment: undefined },
    { text: ' '.repeat(18), moment: undefined },
    { text: undefined, moment: undefined },
  ])('$text', ({ text, moment }) => {
    expect(sipMoment(text)?.toISOString()).toBe(moment);
  });
});

describe('count4 and yesNo', () => {
  it.each([
    [0, '0000'],
    [7, '0007'],
    [1234, '1234'],
    [12345, '9999'],
  ])('count4(%i) = %s', (value, text) => {
    expect(count4(value)).toBe(text);
  });

  it('yesNo', () => {
    expect([yesNo(true), yesNo(false)]).toEqual(['Y', 'N']);
  });
});

describe('spoilChecksum: the sip2BadChecksumRate fault', () => {
  const withChecksum = (body: string) =>
    `${body}AZ${checksumText(Buffer.from(`${body}AZ`, 'latin1'))}`;

  it.each([
    { frame: `${withChecksum('941AY0')}\r`, terminator: '\r' },
    { frame: `${withChecksum('941AY0')}\r\n`, terminator: '\r\n' },
    { frame: '941\r', terminator: '\r' },
  ])('$frame', ({ frame, terminator }) => {
    const spoiled = Buffer.from(spoilChecksum(Buffer.from(frame, 'latin1'))).toString('latin1');
    expect(spoiled.endsWith(terminator)).toBe(true);
    expect(spoiled.startsWith('941')).toBe(true);
    const body = Buffer.from(spoiled.slice(0, -terminator.length), 'latin1');
    expect(verifyChecksum(body).kind).toBe('bad-checksum');
  });
});
