import i18next from 'i18next';
import type { Language } from '../../src-common/ipc/contract';
import { en, es } from '../../src-renderer/i18n/catalog';
import type { MessageKey } from '../../src-renderer/i18n/message-key';

/**
 * The message catalogs as the kiosk loads them (the patron's words and the staff console's), for
 * tests that check words exactly in both languages.
 */

/** A catalog lookup with its parameters, as the screens call `t`. */
export type Words = (key: MessageKey, params?: Record<string, string | number>) => string;

function translator(language: Language): Words {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    initAsync: false,
    resources: { en: { translation: en }, es: { translation: es } },
    interpolation: { escapeValue: false },
  });
  return (key, params) => instance.t(key, params ?? {});
}

/** One translator per language, built once for the whole test file. */
export const translators: Record<Language, Words> = { en: translator('en'), es: translator('es') };

/** The entry at a catalog id in a language's catalog, or undefined: ids must point at real words. */
export function catalogText(language: Language, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        typeof node === 'object' && node !== null
          ? (node as Record<string, unknown>)[part]
          : undefined,
      language === 'en' ? en : es,
    );
}

/** The English text of a catalog id, or undefined: maps of ids must point at real messages. */
export function englishText(key: string): unknown {
  return catalogText('en', key);
}
