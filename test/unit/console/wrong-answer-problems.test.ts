import { describe, expect, it } from 'vitest';
import { problemOf } from '../../../src-main/core/console/answer';
import { ConsoleProblemSchema } from '../../../src-common/ipc/console/answer';
import type { MessageKey } from '../../../src-renderer/i18n/message-key';
import { translators as T } from '../../support/catalog-words';

/**
 * What staff are told about a redirect the client did not follow, and an answer for another item
 * or card (issue 22, item 7): their own kinds over the IPC, in their own words in both languages.
 */
const say = (
  language: 'en' | 'es',
  key: MessageKey,
  params: Record<string, string | number> = {},
) => T[language](key, params);

describe('console problems for answers that are not this request', () => {
  it('keeps a redirect as its own kind, naming where it pointed', () => {
    const problem = problemOf({
      kind: 'redirected',
      operation: 'memberByBarcode',
      status: 307,
      target: 'https://elsewhere.example',
      outcome: 'not-applied',
    });
    expect(problem).toEqual({
      kind: 'redirected',
      operation: 'memberByBarcode',
      status: 307,
      target: 'https://elsewhere.example',
    });
    expect(ConsoleProblemSchema.parse(problem)).toEqual(problem);
  });

  it('keeps an answer for another item as its own kind, without barcodes', () => {
    const problem = problemOf({
      kind: 'mismatched-answer',
      operation: 'checkOut',
      field: 'itemBarcode',
      outcome: 'unknown',
    });
    expect(problem).toEqual({
      kind: 'mismatched-answer',
      operation: 'checkOut',
      field: 'itemBarcode',
    });
    expect(ConsoleProblemSchema.parse(problem)).toEqual(problem);
  });

  it('words them in English', () => {
    const target = { target: 'https://elsewhere.example', status: 307 };
    expect(say('en', 'console.problem.redirected', target)).toBe(
      'The library service sent this request on to https://elsewhere.example (status 307). The kiosk does not follow it there: check the service address in Settings, or ask whoever runs the service.',
    );
    expect(say('en', 'console.problem.mismatched-item')).toBe(
      'The library service answered for another item than the one sent, so this is not recorded as done. Check the item in the library system.',
    );
    expect(say('en', 'console.problem.mismatched-card')).toBe(
      'The library service answered for another card than the one sent, so this is not recorded as done. Check the item in the library system.',
    );
  });

  it('words them in Spanish', () => {
    const target = { target: 'https://elsewhere.example', status: 307 };
    expect(say('es', 'console.problem.redirected', target)).toBe(
      'El servicio de la biblioteca ha enviado esta petición a https://elsewhere.example (estado 307). El quiosco no la sigue hasta allí: revise la dirección del servicio en Ajustes o consulte a quien gestiona el servicio.',
    );
    expect(say('es', 'console.problem.mismatched-item')).toBe(
      'El servicio de la biblioteca ha respondido por otro ejemplar distinto del enviado, así que esto no se da por hecho. Compruebe el ejemplar en el sistema de la biblioteca.',
    );
    expect(say('es', 'console.problem.mismatched-card')).toBe(
      'El servicio de la biblioteca ha respondido por otro carné distinto del enviado, así que esto no se da por hecho. Compruebe el ejemplar en el sistema de la biblioteca.',
    );
  });
});
