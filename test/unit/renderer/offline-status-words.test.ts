import { describe, expect, it } from 'vitest';
import {
  CONNECTIVITY_KEYS,
  EXCEPTION_REASON_KEYS,
  lineNumbers,
  problemWords,
  PROBLEM_KEYS,
  syncWords,
  SYNC_KEYS,
  TRANSACTION_KIND_KEYS,
  UNREAD_ANSWER_KEYS,
  unreadAnswerWords,
} from '../../../src-renderer/staff/status/offline-status-words';
import { en, es } from '../../../src-renderer/i18n/catalog';
import { englishText, translators as T } from '../../support/catalog-words';

describe('offline status words', () => {
  it('has catalog words for every connectivity, sync phase, problem, kind and reason', () => {
    const maps = [
      CONNECTIVITY_KEYS,
      SYNC_KEYS,
      PROBLEM_KEYS,
      TRANSACTION_KIND_KEYS,
      EXCEPTION_REASON_KEYS,
      UNREAD_ANSWER_KEYS,
    ];
    for (const map of maps)
      for (const key of Object.values(map)) expect(englishText(key), key).toBeTypeOf('string');
  });

  it('asks for a sign-in to send what is queued while the sync waits for one', () => {
    expect(syncWords({ sync: 'waiting-sign-in', queued: 3 })).toEqual({
      key: 'offline.signInToSend',
      params: { count: 3 },
    });
    expect(syncWords({ sync: 'waiting-sign-in', queued: 1 })).toEqual({
      key: 'offline.signInToSendOne',
    });
  });

  it('names the sync phase when nothing waits for a sign-in', () => {
    expect(syncWords({ sync: 'waiting-sign-in', queued: 0 })).toEqual({
      key: 'offline.sync.waiting-sign-in',
    });
    expect(syncWords({ sync: 'syncing', queued: 4 })).toEqual({ key: 'offline.sync.syncing' });
  });

  it('gives a damaged journal its counts and a failed write its code', () => {
    expect(problemWords({ kind: 'damaged', regions: 2, bytes: 96, waiting: 5 })).toEqual({
      key: 'offline.problem.damaged',
      params: { regions: 2, bytes: 96, waiting: 5 },
    });
    expect(problemWords({ kind: 'write-failed', code: 'ENOSPC' })).toEqual({
      key: 'offline.problem.write-failed',
      params: { code: 'ENOSPC' },
    });
    expect(problemWords({ kind: 'key-missing' })).toEqual({ key: 'offline.problem.key-missing' });
  });

  it('lists rejected line numbers up to a limit and counts the rest', () => {
    expect(lineNumbers([2, 5, 9])).toEqual({ lines: '2, 5, 9', more: 0 });
    expect(lineNumbers([1, 2, 3, 4, 5], 2)).toEqual({ lines: '1, 2', more: 3 });
  });

  it('names each exception reason in both languages, a call never sent not as refused (issue 23, item 8)', () => {
    const words = (language: 'en' | 'es') =>
      Object.fromEntries(
        Object.entries(EXCEPTION_REASON_KEYS).map(([reason, key]) => [
          reason,
          key
            .split('.')
            .reduce<unknown>(
              (node, part) => (node as Record<string, unknown>)[part],
              language === 'en' ? en : es,
            ),
        ]),
      );
    expect(words('en')).toEqual({
      refused: 'Refused',
      unconfirmed: 'Not confirmed',
      'not-sent': 'Not sent',
    });
    expect(words('es')).toEqual({
      refused: 'Rechazada',
      unconfirmed: 'Sin confirmar',
      'not-sent': 'No enviada',
    });
  });

  it('says above the exceptions which three kinds they are, in both languages', () => {
    expect(en.offline.exceptionsHint).toBe(
      'Transactions the library system refused, that could not be confirmed, or that the kiosk could not send. Check each one: retry it, or dismiss it once it has been dealt with by hand.',
    );
    expect(es.offline.exceptionsHint).toBe(
      'Transacciones que el sistema de la biblioteca rechazó, que no se pudieron confirmar o que el quiosco no pudo enviar. Revise cada una: reinténtela o descártela cuando se haya resuelto a mano.',
    );
  });
});

describe("an answer the kiosk did not follow or read, under the library system's answer", () => {
  // The screen writes the cap with its size formatter (staff/documents/sizes.ts): "4 MB".
  const size = (bytes: number): string => (bytes === 4 * 1024 ** 2 ? '4 MB' : `${bytes} B`);
  const words = (language: 'en' | 'es', unread: Parameters<typeof unreadAnswerWords>[0]) => {
    const { key, params } = unreadAnswerWords(unread, size);
    return T[language](key, params);
  };
  const REDIRECT = { kind: 'redirected', target: 'https://elsewhere.example/api' } as const;
  const TOO_LARGE = { kind: 'too-large', limitBytes: 4 * 1024 ** 2 } as const;

  it.each([
    [
      'en',
      REDIRECT,
      'The library system redirected the request to https://elsewhere.example/api; the kiosk does not follow redirects.',
    ],
    [
      'es',
      REDIRECT,
      'El sistema de la biblioteca redirigió la petición a https://elsewhere.example/api; el quiosco no sigue redirecciones.',
    ],
    [
      'en',
      TOO_LARGE,
      'The answer was larger than the 4 MB the kiosk reads (setting service.maxAnswerBytes), so it was not read.',
    ],
    [
      'es',
      TOO_LARGE,
      'La respuesta superaba los 4 MB que lee el quiosco (ajuste service.maxAnswerBytes), así que no se leyó.',
    ],
  ] as const)('in %s, %o reads exactly the catalog words', (language, unread, expected) => {
    expect(words(language, unread)).toBe(expected);
  });

  it("never shows the journal's English sentence, nor any English, in Spanish", () => {
    for (const unread of [REDIRECT, TOO_LARGE]) {
      const spanish = words('es', unread);
      expect(spanish).not.toMatch(/not followed|not read|redirect to|answer larger|library system/);
      expect(spanish).not.toBe(words('en', unread));
    }
  });
});
