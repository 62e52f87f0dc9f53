import i18next from 'i18next';
import type { Language } from '../../src-main/ipc/contract';
import en from './en.json';
import es from './es.json';

type KeyPaths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeyPaths<T[K]>}`;
}[keyof T & string];

/** Every message id of the catalog, checked by the compiler at each `t(...)` call. */
export type MessageKey = KeyPaths<typeof en>;

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

/**
 * For ids chosen at run time from a core value (an auth problem kind, say). Unknown ids fall back
 * to the text the core sent, so a newer core never leaves a blank on the screen.
 */
export function tRuntime(
  key: string,
  fallback: string,
  params: Record<string, string | number> = {},
): string {
  void current.language;
  return instance.exists(key) ? instance.t(key, params) : fallback;
}
