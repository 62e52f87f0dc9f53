import { describe, expect, it } from 'vitest';
import { problemOf } from '../../../src-main/core/console/answer';
import { ConsoleProblemSchema } from '../../../src-common/ipc/console/answer';
import { byteSize } from '../../../src-shared/byte-size';
import { translators as T } from '../../support/catalog-words';

/**
 * What staff are told about an answer longer than service.maxAnswerBytes (issue 22, item 2): its
 * own kind over the IPC, the cap and the setting named in both languages.
 */
// The screen writes the cap with its size formatter (staff/documents/sizes.ts): "4 MB".
const say = (language: 'en' | 'es', limit: string) =>
  T[language]('console.problem.too-large', { limit });

describe('the console problem for an answer too large to read', () => {
  it('keeps the cap, and no outcome bookkeeping', () => {
    const problem = problemOf({
      kind: 'too-large',
      operation: 'memberByBarcode',
      status: 200,
      limitBytes: 4 * 1024 ** 2,
      outcome: 'applied',
    });
    expect(problem).toEqual({
      kind: 'too-large',
      operation: 'memberByBarcode',
      limitBytes: 4 * 1024 ** 2,
    });
    expect(ConsoleProblemSchema.parse(problem)).toEqual(problem);
  });

  it('names the cap in English', () => {
    expect(say('en', '4 MB')).toBe(
      "The library service's answer was larger than the 4 MB the kiosk reads, so it was not read (setting service.maxAnswerBytes). Ask whoever runs the service why it answers so much.",
    );
    expect(say('en', '512 kB')).toContain('larger than the 512 kB the kiosk reads');
  });

  it('names the cap in Spanish', () => {
    expect(say('es', '4 MB')).toBe(
      'La respuesta del servicio de la biblioteca superaba los 4 MB que lee el quiosco, así que no se ha leído (ajuste service.maxAnswerBytes). Pregunte a quien gestiona el servicio por qué responde tanto.',
    );
  });

  it("writes the cap for the CLI and the offline exceptions in the setting's binary units", () => {
    expect(byteSize(4 * 1024 ** 2)).toBe('4 MiB');
    expect(byteSize(65_536)).toBe('64 KiB');
    expect(byteSize(5_000_000)).toBe('4.8 MiB');
    expect(byteSize(1000)).toBe('1000 bytes');
  });
});
