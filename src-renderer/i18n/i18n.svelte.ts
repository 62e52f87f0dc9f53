import i18next from 'i18next';
import type { Language } from '../../src-common/ipc/contract';
import type { en } from './catalog';
import enBase from './en.json';
import esBase from './es.json';
import type { MessageKey } from './message-key';

export type { MessageKey } from './message-key';

// The patron's words only: the staff console's arrive with its own chunk (addWords), so a
// patron's station never loads them.
const instance = i18next.createInstance();
void instance.init({
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  resources: { en: { translation: enBase }, es: { translation: esBase } },
  interpolation: { escapeValue: false },
});

/** Adds a whole catalog per language (the staff console's, when it loads); words already there stay. */
export function addWords(catalogs: Record<Language, typeof en>): void {
  for (const [language, words] of Object.entries(catalogs))
    instance.addResourceBundle(language, 'translation', words, true, true);
}

/** Reactive language: reading it inside `t` makes every translated text follow a switch. */
const current = $state({ language: 'en' as Language });

export function setLanguage(language: Language): void {
  if (current.language === language) return;
  void instance.changeLanguage(language);
  current.language = language;
  document.documentElement.lang = language;
}

export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  void current.language;
  return instance.t(key, params);
}

/** The language the screens are in now; reactive, like `t`. */
export function currentLanguage(): Language {
  return current.language;
}
