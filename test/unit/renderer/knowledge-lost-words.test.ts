import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src-common/ipc/contract';
import { en, es } from '../../../src-renderer/i18n/catalog';
import { attractOffer } from '../../../src-renderer/patron/attract-offer';
import { messageWords } from '../../../src-renderer/lib/messages';
import { knowledgeLossWords } from '../../../src-renderer/staff/status/offline-status-words';
import { translators as T } from '../../support/catalog-words';

/**
 * The words of a lost offline block list (issue 22, item 9): what the patron reads when borrowing
 * waits for staff, and what staff read on the status screen, word for word in both languages.
 */

/** What the patron reads for the desk's answer to a card, on the attract screen and elsewhere. */
function patronWords(language: Language): { attract: string; refused: string; banner: string } {
  const t = T[language];
  const message = { kind: 'offline-check-out-unavailable' } as const;
  const banner = attractOffer({ checkOut: false, checkIn: true }).banner;
  if (!banner) throw new Error('no banner');
  return {
    attract: t(messageWords(message, { returnsTaken: true }).key),
    refused: t(messageWords(message).key),
    banner: t(banner),
  };
}

describe('a patron, while a lost block list pauses borrowing offline', () => {
  it.each([
    [
      'en',
      {
        attract:
          'Borrowing is paused while the library system is offline. Returns are still taken.',
        refused: 'Borrowing is paused while the library system is offline. Please see staff.',
        banner:
          'Working offline: borrowing is paused until the library system is back. Returns are still taken, and confirmed later.',
      },
    ],
    [
      'es',
      {
        attract:
          'Los préstamos están en pausa mientras el sistema de la biblioteca no está disponible. Las devoluciones se siguen aceptando.',
        refused:
          'Los préstamos están en pausa mientras el sistema de la biblioteca no está disponible. Diríjase al personal.',
        banner:
          'Funcionando sin conexión: los préstamos están en pausa hasta que vuelva el sistema de la biblioteca. Las devoluciones se siguen aceptando y se confirman más tarde.',
      },
    ],
  ] as const)('reads in %s exactly what borrowing paused offline says', (language, words) => {
    expect(patronWords(language)).toEqual(words);
  });

  it('is never told of a block, a hold, damage or a file', () => {
    for (const language of ['en', 'es'] as const) {
      for (const text of Object.values(patronWords(language))) {
        expect(text).not.toMatch(
          /block|bloque|hold|suspend|damag|dañ|corrupt|file|archivo|list|lista|error/i,
        );
      }
    }
  });
});

describe('staff, on the status screen', () => {
  const time = (ms: number): string =>
    ms === 1 ? 'Nov 25, 2026, 9:14 AM' : 'Nov 25, 2026, 9:20 AM';
  const words = (language: Language, loss: Parameters<typeof knowledgeLossWords>[0]): string[] => {
    const t = T[language];
    return knowledgeLossWords(loss, time).map((w) => t(w.key, w.params));
  };
  const FILE = '/var/lib/library-kiosk/offline/knowledge.bin.corrupt-2026-11-25T09-14-02.118Z';

  it('reads in English that borrowing waits for them, why, what to do, and where the file is', () => {
    expect(en.offline.knowledgeLost.title).toBe('Offline block list lost');
    expect(words('en', { at: 1, setAside: FILE })).toEqual([
      'When the kiosk started (Nov 25, 2026, 9:14 AM) it could not read its offline card check file: it was damaged or cut short. The imported block list and the cards remembered from look-ups are gone, so no card is accepted for borrowing while the library system is offline; returns are not affected. Import the block list again (Block list, further down this screen), or lend offline without one.',
      `The unreadable file was kept at ${FILE}.`,
    ]);
    expect(words('en', { at: 1, setAside: FILE, confirmedAt: 2 })).toEqual([
      'Lending offline without a block list, as staff confirmed (Nov 25, 2026, 9:20 AM). Cards blocked in the library system can borrow while it is offline until a block list is imported.',
      `The unreadable file was kept at ${FILE}.`,
    ]);
    expect(words('en', { at: 1 })[1]).toBe(
      "The unreadable file could not be moved aside; the kiosk's log says why.",
    );
    expect(en.offline.knowledgeLost.lend).toBe('Lend offline without a block list');
    expect(en.offline.knowledgeLost.confirmQuestion).toBe(
      'Without a block list, a card that is blocked in the library system can borrow while the system is offline, until a block list is imported. Lend offline anyway?',
    );
    expect(en.offline.knowledgeLost.confirm).toBe('Yes, lend without a block list');
  });

  it('reads the same in Spanish', () => {
    expect(es.offline.knowledgeLost.title).toBe('Lista de bloqueo sin conexión perdida');
    expect(words('es', { at: 1, setAside: FILE })).toEqual([
      'Al arrancar (Nov 25, 2026, 9:14 AM), el quiosco no pudo leer su archivo de comprobación de carnés sin conexión: estaba dañado o incompleto. Se han perdido la lista de bloqueo importada y los carnés recordados de consultas, así que mientras el sistema de la biblioteca no esté disponible no se acepta ningún carné para préstamos; las devoluciones no se ven afectadas. Importe de nuevo la lista de bloqueo (Lista de bloqueo, más abajo en esta pantalla) o preste sin conexión sin ella.',
      `El archivo ilegible se guardó en ${FILE}.`,
    ]);
    expect(words('es', { at: 1, setAside: FILE, confirmedAt: 2 })[0]).toBe(
      'Se presta sin conexión sin lista de bloqueo, como confirmó el personal (Nov 25, 2026, 9:20 AM). Los carnés bloqueados en el sistema de la biblioteca pueden llevarse préstamos mientras no esté disponible, hasta que se importe una lista de bloqueo.',
    );
    expect(words('es', { at: 1 })[1]).toBe(
      'El archivo ilegible no se pudo apartar; el registro del quiosco explica por qué.',
    );
    expect(es.offline.knowledgeLost.lend).toBe('Prestar sin conexión sin lista de bloqueo');
    expect(es.offline.knowledgeLost.confirm).toBe('Sí, prestar sin lista de bloqueo');
  });
});
