import { describe, expect, it } from 'vitest';
import type { Language, TransactionLine } from '../../../src-common/ipc/contract';
import { es } from '../../../src-renderer/i18n/catalog';
import { checkOutWords, returnWords } from '../../../src-renderer/lib/line-words';
import { thanksWords } from '../../../src-renderer/patron/thanks-words';
import { translators as T } from '../../support/catalog-words';

const DAY = { kind: 'day', date: '2026-11-13' } as const;
const DUE = { kind: 'day', date: '2026-12-16' } as const;

type Return = Pick<TransactionLine, 'overdue' | 'overdueDate' | 'fine' | 'currency'>;
const RETURNS: Record<string, Return> = {
  onTime: { overdue: false, overdueDate: null, fine: 0, currency: 'EUR' },
  lateWithFine: { overdue: true, overdueDate: DAY, fine: 1.5, currency: 'EUR' },
  lateWithoutFine: { overdue: true, overdueDate: DAY, fine: 0 },
  unknown: { overdue: 'unknown', overdueDate: 'unknown', fine: 'unknown' },
};

describe('the words of a return, in English and Spanish', () => {
  it.each([
    ['onTime', 'en', 'Returned on time. Thank you!'],
    ['onTime', 'es', 'Devuelto a tiempo. ¡Gracias!'],
    ['lateWithFine', 'en', 'Returned late · Was due November 13, 2026 · Fine: €1.50'],
    [
      'lateWithFine',
      'es',
      'Devuelto con retraso · Debía devolverse el 13 de noviembre de 2026 · Multa: 1,50\u00a0€',
    ],
    ['lateWithoutFine', 'en', 'Returned late · Was due November 13, 2026 · No fine'],
    [
      'lateWithoutFine',
      'es',
      'Devuelto con retraso · Debía devolverse el 13 de noviembre de 2026 · Sin multa',
    ],
    ['unknown', 'en', 'Returned'],
    ['unknown', 'es', 'Devuelto'],
  ] as const)('%s in %s reads exactly "%s"', (name, language, words) => {
    expect(returnWords(RETURNS[name] as Return, language, T[language])).toBe(words);
  });

  it('never says late, a missed date or a fine for an on-time or an unknown return', () => {
    for (const name of ['onTime', 'unknown']) {
      const english = returnWords(RETURNS[name] as Return, 'en', T.en);
      const spanish = returnWords(RETURNS[name] as Return, 'es', T.es);
      expect(english).not.toMatch(/late|Was due|no date|Fine|fine/);
      expect(spanish).not.toMatch(/retraso|Debía|sin fecha|Multa|multa/);
    }
  });
});

describe('the words of a re-scanned item already on the card', () => {
  it.each([
    ['extended', 'en', 'Renewed: now due December 16, 2026'],
    ['extended', 'es', 'Renovado: ahora se devuelve el 16 de diciembre de 2026'],
    [
      'same-date',
      'en',
      'Already on your card, still due December 16, 2026: renewing it today gives the same date.',
    ],
    [
      'same-date',
      'es',
      'Ya lo tiene en préstamo y la fecha de devolución sigue siendo el 16 de diciembre de 2026: renovarlo hoy da la misma fecha.',
    ],
    [
      'not-renewed',
      'en',
      'Already on your card, still due December 16, 2026: the library system did not renew it.',
    ],
    [
      'not-renewed',
      'es',
      'Ya lo tiene en préstamo y la fecha de devolución sigue siendo el 16 de diciembre de 2026: el sistema de la biblioteca no lo renovó.',
    ],
    ['kept', 'en', 'Already on your card, still due December 16, 2026.'],
    [
      'kept',
      'es',
      'Ya lo tiene en préstamo y la fecha de devolución sigue siendo el 16 de diciembre de 2026.',
    ],
  ] as const)('%s in %s reads exactly "%s"', (renewal, language, words) => {
    expect(checkOutWords({ dueDate: DUE, renewal }, language, T[language])).toBe(words);
  });

  it('reads a first check-out as its due date, with no word of renewing', () => {
    expect(checkOutWords({ dueDate: DUE }, 'en', T.en)).toBe('Due December 16, 2026');
    expect(checkOutWords({ dueDate: DUE }, 'es', T.es)).toBe('Devolver el 16 de diciembre de 2026');
  });
});

describe('the thank-you at the end of a session', () => {
  const text = (language: Language, screen: Parameters<typeof thanksWords>[0]) => {
    const words = thanksWords(screen);
    return [T[language](words.title.key, words.title.params), T[language](words.hint)];
  };

  it('thanks a return session for returning, and does not tell it to take its items', () => {
    const screen = { firstName: '', kind: 'check-in' } as const;
    expect(text('en', screen)).toEqual([
      'Thank you for returning your items!',
      'See you next time!',
    ]);
    expect(text('es', screen)).toEqual([
      '¡Gracias por devolver sus ejemplares!',
      '¡Hasta la próxima!',
    ]);
  });

  it('thanks a borrowing session by first name and reminds it to take its items', () => {
    const screen = { firstName: 'Amara', kind: 'check-out' } as const;
    expect(text('en', screen)).toEqual(['Thank you, Amara!', "Don't forget your items. Goodbye!"]);
    expect(text('es', screen)).toEqual([
      '¡Gracias, Amara!',
      'No olvide sus ejemplares. ¡Hasta pronto!',
    ]);
  });
});

/** Every string of a catalog, with its id. */
function texts(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, child]) =>
    texts(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('the Spanish catalog', () => {
  it('calls a library item "ejemplar" throughout, never "artículo"', () => {
    const mixed = texts(es).filter(([, text]) => /art[ií]culo/i.test(text));
    expect(mixed).toEqual([]);
    expect(T.es('line.itemEnding', { digits: '0050' })).toBe('Ejemplar terminado en 0050');
  });
});
