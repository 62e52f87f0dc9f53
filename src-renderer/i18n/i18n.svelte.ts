import i18next from 'i18next';
import type { Language } from '../../src-common/ipc/contract';
import type { en } from './catalog';
import enBase from './en.json';
import type { MessageKey, Translate } from './message-key';

export type { MessageKey } from './message-key';

// The patron's words only: the staff console's arrive with its own chunk (addWords), so a
// patron's station never loads them. English is in the first load; Spanish is its own chunk,
// fetched as soon as the first screen shows (preloadWords), so a patron's switch finds it there.
const instance = i18next.createInstance();
void instance.init({
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  resources: { en: { translation: enBase } },
  interpolation: { escapeValue: false },
});

const LATER: Record<Exclude<Language, 'en'>, () => Promise<{ default: object }>> = {
  es: () => import('./es.json'),
};

/** The languages whose words are in. */
const loaded: Record<Language, boolean> = { en: true, es: false };
const loading: Partial<Record<Language, Promise<void>>> = {};

/**
 * Fetches a language's words once (later calls share the fetch). A failed fetch (a file of the
 * installation missing) is tried again next time; meanwhile i18next falls back to English.
 */
function wordsFor(language: Language): Promise<void> {
  if (language === 'en' || loaded[language]) return Promise.resolve();
  let fetching = loading[language];
  if (!fetching) {
    fetching = LATER[language]().then(
      (words) => {
        instance.addResourceBundle(language, 'translation', words.default, true, false);
        loaded[language] = true;
      },
      (error: unknown) => {
        delete loading[language];
        console.error(`The ${language} words could not be loaded:`, error);
      },
    );
    loading[language] = fetching;
  }
  return fetching;
}

export function preloadWords(): void {
  for (const language of Object.keys(LATER) as Language[]) void wordsFor(language);
  // Words under one top-level id, both languages in one file: those only a SIP2 back end brings
  // (the PIN screen, where a returned item goes), which a patron cannot reach before a card or an
  // item is scanned; and audio mode's and the access bar's (docs/accessibility.md).
  const chunks = { sip2: () => import('./sip2.json'), access: () => import('./access.json') };
  for (const [id, load] of Object.entries(chunks))
    load().then(
      ({ default: words }) => {
        for (const [language, part] of Object.entries(words))
          instance.addResourceBundle(language, 'translation', { [id]: part }, true, false);
      },
      (error: unknown) => console.error(`The ${id} words could not be loaded:`, error),
    );
}

/** Adds a whole catalog per language (the staff console's, when it loads); words already there stay. */
export function addWords(catalogs: Record<Language, typeof en>): void {
  for (const [language, words] of Object.entries(catalogs))
    instance.addResourceBundle(language, 'translation', words, true, true);
}

/** Reactive language: reading it inside `t` makes every translated text follow a switch. */
const current = $state({ language: 'en' as Language });
/** The language last asked for: a switch whose words arrive after a later switch is dropped. */
let wanted: Language = 'en';

/**
 * Switches the screens' language at once when its words are in (always, after the preload);
 * otherwise the screens keep the old words until the new ones arrive, never a mix of both.
 */
export function setLanguage(language: Language): void {
  wanted = language;
  if (current.language === language) return;
  if (loaded[language]) show(language);
  else void wordsFor(language).then(() => wanted === language && show(language));
}

function show(language: Language): void {
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

/**
 * The words of one language whatever the screens show now: what audio mode says as a session
 * ends, in the language the patron chose, after the screens went back to the kiosk's own.
 */
export function tIn(language: Language): Translate {
  const fixed = instance.getFixedT(language);
  return (key, params = {}) => fixed(key, params);
}
