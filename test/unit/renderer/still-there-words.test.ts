import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src-common/ipc/contract';
import { stillThereWords } from '../../../src-renderer/patron/still-there-words';
import { translators as T } from '../../support/catalog-words';

function words(language: Language, printsReceipt: boolean, seconds: number): string {
  const { key, params } = stillThereWords(printsReceipt, seconds);
  return T[language](key, params);
}

describe('the still-there countdown, in English and Spanish', () => {
  it.each([
    ['en', false, 'For your privacy, this session ends in 7 s.'],
    ['es', false, 'Por su privacidad, esta sesión termina en 7 s.'],
    ['en', true, 'Your receipt prints in 7 s, then this session ends.'],
    ['es', true, 'Su recibo se imprime en 7 s y después termina esta sesión.'],
  ] as const)(
    'in %s, printing a receipt first: %s, reads exactly "%s"',
    (language, prints, text) => {
      expect(words(language, prints, 7)).toBe(text);
    },
  );

  it.each([
    ['en', "I'm still here", 'More time'],
    ['es', 'Sigo aquí', 'Más tiempo'],
  ] as const)('in %s, the two answers read exactly "%s" and "%s"', (language, still, more) => {
    expect(T[language]('stillThere.button')).toBe(still);
    expect(T[language]('stillThere.moreTime')).toBe(more);
  });

  it('never says only that the session ends when a receipt prints first', () => {
    expect(words('en', true, 7)).not.toContain('this session ends in');
    expect(words('es', true, 7)).not.toContain('esta sesión termina en');
  });
});
