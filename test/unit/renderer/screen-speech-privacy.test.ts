import { describe, expect, it } from 'vitest';
import type { KioskState, Language, Receipt } from '../../../src-common/ipc/contract';
import { attractHint, helpFor, speechFor } from '../../../src-renderer/access/screen-speech';
import { translators as T } from '../../support/catalog-words';
import { ATTRACT, NOW, inLanguage, line, patron, state } from './screen-speech-states';

/**
 * A whole borrowing session as audio mode says it, and what it must never say: the email typed,
 * a whole barcode, anything the screen does not show, the patron's name once the session is over.
 */

const RECEIPT: Receipt = {
  kind: 'check-out',
  branchName: 'Central Library',
  at: '2026-11-26T10:00:00Z',
  firstName: 'Amara',
  lines: [line('borrowed'), line('untitled')],
};

/** The states a session goes through, as the core sends them. */
const SESSION: KioskState[] = [
  state(ATTRACT),
  state({ name: 'identifying' }),
  state(patron()),
  state(patron([line('pending')])),
  state(patron([line('borrowed')])),
  state(patron([line('borrowed'), { ...line('untitled'), status: 'pending' }])),
  state(patron([line('borrowed'), line('untitled')])),
  state({ name: 'receipt', step: 'ask', printBy: 'host', receipt: RECEIPT }),
  state({ name: 'receipt', step: 'printing', printBy: 'host', receipt: RECEIPT }),
  state({ name: 'thanks', firstName: 'Amara', kind: 'check-out' }),
  state(ATTRACT),
];

function transcript(language: Language): string[][] {
  const states = SESSION.map((kiosk) => inLanguage(kiosk, language));
  return states.map(
    (next, index) => speechFor(states[index - 1], next, T[language], NOW)?.lines ?? [],
  );
}

describe('a borrowing session, state by state', () => {
  it('in English: each screen once, each outcome once, nothing for a line being checked', () => {
    const said = transcript('en');
    expect(said[1]).toEqual(['Looking you up…']);
    expect(said[2]?.[0]).toBe('Hello, Amara.');
    expect(said[3]).toEqual([]);
    expect(said[4]).toEqual(['The Hobbit.', 'Due December 10, 2026.']);
    expect(said[5]).toEqual([]);
    expect(said[6]).toEqual(['Item ending 0050.', 'Due December 10, 2026.']);
    expect(said[7]?.[0]).toBe('Would you like a receipt?');
    expect(said[8]).toEqual(['Printing your receipt…', 'Take your receipt from the printer.']);
    expect(said[9]).toEqual(['Thank you, Amara!', "Don't forget your items. Goodbye!"]);
    expect(said[10]?.[0]).toBe('Welcome.');
  });

  it('in Spanish: the same, in the patron’s words', () => {
    const said = transcript('es');
    expect(said[2]?.[0]).toBe('Hola, Amara.');
    expect(said[4]).toEqual(['The Hobbit.', 'Devolver el 10 de diciembre de 2026.']);
    expect(said[6]).toEqual([
      'Ejemplar terminado en 0050.',
      'Devolver el 10 de diciembre de 2026.',
    ]);
    expect(said[9]).toEqual(['¡Gracias, Amara!', 'No olvide sus ejemplares. ¡Hasta pronto!']);
  });
});

describe('what audio mode never says', () => {
  it.each(['en', 'es'] as const)(
    'in %s: the patron’s name only while their session lasts, never after it',
    (language) => {
      const said = transcript(language);
      const after = inLanguage(SESSION.at(-1)!, language);
      expect(said.at(-1)!.join(' ')).not.toContain('Amara');
      expect(attractHint(after, T[language]).join(' ')).not.toContain('Amara');
      expect(helpFor(after, T[language], NOW).join(' ')).not.toContain('Amara');
    },
  );

  it.each(['en', 'es'] as const)(
    'in %s: not the receipt, which is printed, not shown: neither its items nor its name',
    (language) => {
      const said = transcript(language)[7]!.join(' ');
      expect(said).not.toMatch(/Amara|Hobbit|0050/);
    },
  );

  it.each(['en', 'es'] as const)(
    'in %s: not the titles of the loans, only how many, nor a surname the screen never has',
    (language) => {
      const said = transcript(language)[2]!.join(' ');
      expect(said).not.toMatch(/Small Gods|Mort|Okafor/);
    },
  );

  it.each(['en', 'es'] as const)(
    'in %s: not the email typed, on arrival or on Help',
    (language) => {
      const email = inLanguage(
        state({
          name: 'email-entry',
          message: { kind: 'email-not-found' },
          entered: 'amara.okafor@example.org',
        }),
        language,
      );
      const said = [
        ...(speechFor(inLanguage(state(ATTRACT), language), email, T[language], NOW)?.lines ?? []),
        ...helpFor(email, T[language], NOW),
      ].join(' ');
      expect(said).not.toMatch(/okafor|example\.org|@/i);
    },
  );

  it('not a whole barcode: an untitled item by the four characters the screen shows', () => {
    const said = transcript('en').flat().join(' ');
    expect(said).toContain('Item ending 0050');
    expect(said).not.toMatch(/\d{5,}/);
  });
});
