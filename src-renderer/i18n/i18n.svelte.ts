import i18next from 'i18next';
import type { Language } from '../../src-main/ipc/contract';
import { en, es } from './catalog';
import type { MessageKey } from './message-key';

export type { MessageKey } from './message-key';

export const catalogs = { en, es } satisfies Record<Language, typeof en>;

const instance = i18next.createInstance();
void instance.init({
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  resources: { en: { translation: en }, es: { translation: es } },
  interpolation: { escapeValue: false },
});

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
