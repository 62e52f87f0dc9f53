import { describe, expect, it } from 'vitest';
import { PatronMessageKindSchema, RefusalCodeSchema } from '../../../src-common/ipc/patron';
import { en, es } from '../../../src-renderer/i18n/catalog';
import { translators as T } from '../../support/catalog-words';
import {
  AUTH_PROBLEM_KEYS,
  countWords,
  messageWords,
  PATRON_MESSAGE_KEYS,
  REFUSAL_KEYS,
} from '../../../src-renderer/lib/messages';

/** The words at a catalog id; for a plural id, its `_other` form. */
function lookup(key: string): unknown {
  const at = (path: string) =>
    path
      .split('.')
      .reduce<unknown>(
        (node, part) =>
          typeof node === 'object' && node !== null
            ? (node as Record<string, unknown>)[part]
            : undefined,
        en,
      );
  return at(key) ?? at(`${key}_other`);
}

describe('patron message words', () => {
  it('has catalog words for every refusal code', () => {
    for (const code of RefusalCodeSchema.options)
      expect(lookup(REFUSAL_KEYS[code])).toBeTypeOf('string');
  });

  it("shows the service's own text for a refusal the kiosk has no words for", () => {
    expect(
      messageWords({ kind: 'refused', code: 'other', serviceText: 'Item is damaged' }),
    ).toEqual({
      key: 'message.refusal.other',
      serviceText: 'Item is damaged',
    });
  });

  it("uses the kiosk's words for a known code even when the service sent text", () => {
    expect(
      messageWords({ kind: 'refused', code: 'loan_limit_reached', serviceText: 'LIMIT' }),
    ).toEqual({
      key: 'message.refusal.loan_limit_reached',
    });
  });

  it('treats a refusal without a code as other', () => {
    expect(messageWords({ kind: 'refused' })).toEqual({ key: 'message.refusal.other' });
  });

  it('has catalog words for every message kind', () => {
    for (const kind of PatronMessageKindSchema.options)
      expect(lookup(PATRON_MESSAGE_KEYS[kind])).toBeTypeOf('string');
  });

  it('tells a patron, in both languages, that a code that is not an item is not taken offline', () => {
    const { key } = messageWords({ kind: 'offline-item-not-accepted' });
    expect(key).toBe('message.kind.offline-item-not-accepted');
    expect([
      en.message.kind['offline-item-not-accepted'],
      es.message.kind['offline-item-not-accepted'],
    ]).toEqual([
      'This barcode is not a library item, so the kiosk cannot take it while the library system is offline. Please see staff.',
      'Este código de barras no es de un ejemplar de la biblioteca, así que el quiosco no puede recogerlo mientras el sistema de la biblioteca no está disponible. Diríjase al personal.',
    ]);
  });

  it('says returns are still taken when borrowing is paused offline and the kiosk takes them', () => {
    const key = messageWords({ kind: 'offline-check-out-unavailable' }, { returnsTaken: true }).key;
    expect(key).toBe('message.offlineCheckOut.returnsTaken');
    expect(lookup(key)).toBeTypeOf('string');
  });

  it('says both are paused when the kiosk takes no returns either', () => {
    const key = messageWords(
      { kind: 'offline-check-out-unavailable' },
      { returnsTaken: false },
    ).key;
    expect(key).toBe('message.offlineCheckOut.noReturns');
    expect(lookup(key)).toBeTypeOf('string');
  });

  it('says nothing of returns where the screen does not know whether they are taken', () => {
    expect(messageWords({ kind: 'offline-check-out-unavailable' })).toEqual({
      key: 'message.kind.offline-check-out-unavailable',
    });
  });
});

describe('count words', () => {
  const keys = { one: 'offline.importedOne', other: 'offline.imported' } as const;

  it('uses the sentence for one item when the count is one', () => {
    expect(countWords(1, keys)).toEqual({ key: 'offline.importedOne' });
  });

  it('passes any other count, zero included, to the sentence for many', () => {
    expect(countWords(0, keys)).toEqual({ key: 'offline.imported', params: { count: 0 } });
    expect(countWords(12, keys)).toEqual({ key: 'offline.imported', params: { count: 12 } });
  });
});

describe('staff sign-in words (issue 36)', () => {
  it('say, in both languages, that a saved sign-in is kept when the keyring did not open it', () => {
    expect(AUTH_PROBLEM_KEYS['auth.vault-key-unavailable']).toBe(
      'auth.message.vault-key-unavailable',
    );
    expect([
      en.auth.message['vault-key-unavailable'],
      es.auth.message['vault-key-unavailable'],
    ]).toEqual([
      "The saved sign-in is kept, but the computer's keyring did not open it at this start. Restart the kiosk once the keyring is unlocked, or sign in again.",
      'La sesión guardada se conserva, pero el llavero del equipo no la abrió en este inicio. Reinicie el quiosco cuando el llavero esté desbloqueado, o inicie sesión de nuevo.',
    ]);
    // Not the words of a damaged vault: nothing was set aside.
    expect(en.auth.message['vault-key-unavailable']).not.toContain('set aside');
  });
});

/** Issue 37's new messages, word for word in both languages (items 6 and 7). */
describe('the words of a scan not read, more time, and a renewal while away', () => {
  const say = (message: Parameters<typeof messageWords>[0], language: 'en' | 'es') => {
    const words = messageWords(message);
    return T[language](words.key, words.params);
  };

  it.each([
    [
      240,
      'You have more time: 4 minutes on this screen.',
      'Tiene más tiempo: 4 minutos en esta pantalla.',
    ],
    [
      60,
      'You have more time: 60 seconds on this screen.',
      'Tiene más tiempo: 60 segundos en esta pantalla.',
    ],
    [
      90,
      'You have more time: 90 seconds on this screen.',
      'Tiene más tiempo: 90 segundos en esta pantalla.',
    ],
    [
      360,
      'You have more time: 6 minutes on this screen.',
      'Tiene más tiempo: 6 minutos en esta pantalla.',
    ],
  ])('more time, %i s', (seconds, english, spanish) => {
    expect(say({ kind: 'more-time', seconds }, 'en')).toBe(english);
    expect(say({ kind: 'more-time', seconds }, 'es')).toBe(spanish);
  });

  it('a scan that could not be read', () => {
    expect(say({ kind: 'unreadable-scan' }, 'en')).toBe(
      'That scan could not be read. Please scan it again.',
    );
    expect(say({ kind: 'unreadable-scan' }, 'es')).toBe(
      'No se pudo leer ese escaneo. Vuelva a escanearlo.',
    );
  });

  it('a renewal while the library system is away', () => {
    expect(say({ kind: 'offline-renew-unavailable' }, 'en')).toBe(
      'Renewing needs the library system, which cannot be reached right now. Your items keep the due dates shown: please try again later, or see staff.',
    );
    expect(say({ kind: 'offline-renew-unavailable' }, 'es')).toBe(
      'Para renovar hace falta el sistema de la biblioteca, que no está disponible en este momento. Sus ejemplares mantienen las fechas que se muestran: inténtelo más tarde o diríjase al personal.',
    );
  });
});
