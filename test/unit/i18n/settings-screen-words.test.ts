import { describe, expect, it } from 'vitest';
import { SettingRuleSchema } from '../../../src-common/ipc/console/setting-rule';
import { SettingsFormSchema } from '../../../src-common/ipc/console/settings';
import { selectOptions } from '../../../src-main/core/console/settings/form';
import type { Language } from '../../../src-common/ipc/contract';
import { catalogText } from '../../support/catalog-words';

/** A catalog entry by dotted id under the settings screen, or undefined. */
const words = (language: Language, id: string): unknown =>
  catalogText(language, `settingsScreen.${id}`);

describe('the settings screen names every setting, choice and rule in words', () => {
  it.each(['en', 'es'] as const)('every field of the form has a label in %s', (language) => {
    for (const field of Object.keys(SettingsFormSchema.shape)) {
      expect(typeof words(language, `field.${field}`), field).toBe('string');
    }
  });

  it.each(['en', 'es'] as const)('every choice of every list has a label in %s', (language) => {
    for (const [field, options] of Object.entries(selectOptions())) {
      for (const option of options) {
        expect(typeof words(language, `option.${field}.${option}`), option).toBe('string');
      }
    }
  });

  it.each(['en', 'es'] as const)('every rule a setting can break reads in %s', (language) => {
    for (const kind of SettingRuleSchema.shape.kind.options) {
      expect(words(language, `rule.${kind}`), kind).toBeDefined();
    }
  });

  it.each([
    [
      'en',
      'field.receipt.askTimeoutMs',
      'Wait for an answer to “Would you like a receipt?” for (seconds)',
    ],
    [
      'es',
      'field.receipt.askTimeoutMs',
      'Esperar respuesta a «¿Quiere un recibo?» durante (segundos)',
    ],
    ['en', 'field.receipt.unanswered', 'When nobody answers “Would you like a receipt?”'],
    ['es', 'field.receipt.unanswered', 'Si nadie responde a «¿Quiere un recibo?»'],
    ['en', 'option.receipt.unanswered.none', 'Print nothing'],
    ['es', 'option.receipt.unanswered.none', 'No imprimir nada'],
    ['en', 'option.receipt.unanswered.print', 'Print the receipt'],
    ['es', 'option.receipt.unanswered.print', 'Imprimir el recibo'],
    [
      'en',
      'rule.warning-after-question',
      'The question must wait longer than the warning before the end of a session, so that “Are you still there?” shows first: make it longer, or the warning shorter.',
    ],
    [
      'es',
      'rule.warning-after-question',
      'La pregunta debe esperar más que el aviso antes del final de la sesión, para que «¿Sigue ahí?» aparezca antes: alárguela o acorte el aviso.',
    ],
  ] as const)('in %s, %s reads exactly "%s"', (language, id, text) => {
    expect(words(language, id)).toBe(text);
  });
});
