import { describe, expect, it } from 'vitest';
import type { Language, Receipt, Screen } from '../../../src-common/ipc/contract';
import { speechFor } from '../../../src-renderer/access/screen-speech';
import { translators as T } from '../../support/catalog-words';
import { ATTRACT, NOW, inLanguage, line, state } from './screen-speech-states';

/**
 * What audio mode says of an e-mailed receipt, word for word in both languages: whose address it
 * goes to, never the address itself, not even masked as the screen shows it.
 */
const RECEIPT: Receipt = {
  kind: 'check-out',
  branchName: 'Central Library',
  at: '2026-11-26T10:00:00Z',
  firstName: 'Amara',
  lines: [line('borrowed')],
};
const ASK: Screen = {
  name: 'receipt',
  step: 'ask',
  printBy: 'renderer',
  receipt: RECEIPT,
  emailTo: 'a•••@e•••.org',
};

function said(screen: Screen, language: Language): string[] {
  const from = screen.name === 'thanks' ? ASK : ATTRACT;
  const spoken = speechFor(
    inLanguage(state(from), language),
    inLanguage(state(screen), language),
    T[language],
    NOW,
  );
  return spoken?.lines ?? [];
}

const CASES: [string, Language, Screen, string[]][] = [
  [
    'the question with e-mail',
    'en',
    ASK,
    [
      'Would you like a receipt?',
      'Buttons: Yes, print a receipt; E-mail it to me, To the e-mail address on your library account.; No receipt.',
      '8 and 2 move between the buttons; 5 presses one.',
    ],
  ],
  [
    'the question with e-mail',
    'es',
    ASK,
    [
      '¿Quiere un recibo?',
      'Botones: Sí, imprimir recibo; Enviármelo por correo, Al correo electrónico de su cuenta de la biblioteca.; Sin recibo.',
      '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
    ],
  ],
  [
    'sending',
    'en',
    { ...ASK, step: 'emailing' },
    ['Sending your receipt by e-mail…', 'To the e-mail address on your library account.'],
  ],
  [
    'the question again after a failed send',
    'es',
    { name: 'receipt', step: 'ask', printBy: 'renderer', receipt: RECEIPT, emailFailed: true },
    [
      '¿Quiere un recibo?',
      'No se ha podido enviar su recibo por correo electrónico en este momento. Lo que ha tomado prestado queda igualmente en su carné de la biblioteca. Imprima un recibo o termine sin él.',
      'Botones: Sí, imprimir recibo; Sin recibo.',
      '8 y 2 pasan de un botón a otro; 5 pulsa el botón.',
    ],
  ],
  [
    'thanks after sending',
    'en',
    { name: 'thanks', firstName: 'Amara', kind: 'check-out', emailed: true },
    [
      'Thank you, Amara!',
      "Don't forget your items. Goodbye!",
      'Your receipt is on its way to the e-mail address on your library account.',
    ],
  ],
];

describe('audio mode and an e-mailed receipt', () => {
  it.each(CASES)('says %s (%s)', (_name, language, screen, expected) => {
    const lines = said(screen, language);
    expect(lines).toEqual(expected);
    expect(lines.join(' ')).not.toMatch(/@|•/);
  });
});
