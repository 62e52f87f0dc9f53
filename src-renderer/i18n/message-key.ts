import type { en } from './catalog';

/**
 * i18next's plural forms: a pair `items_one` and `items_other` is called as `items` with a
 * `count`. A lone key that happens to end so (`item_on_loan_to_other`) stays as it is.
 */
type Plural<T, K extends string> = K extends `${infer Base}_other`
  ? `${Base}_one` extends keyof T
    ? Base
    : K
  : K extends `${infer Base}_one`
    ? `${Base}_other` extends keyof T
      ? Base
      : K
    : K;

type KeyPaths<T> = {
  [K in keyof T & string]: T[K] extends string ? Plural<T, K> : `${K}.${KeyPaths<T[K]>}`;
}[keyof T & string];

/**
 * Every message id of the catalog, checked by the compiler at each `t(...)` call. Its own file,
 * free of the DOM, so Node-side tests can type-check the maps built on it.
 */
export type MessageKey = KeyPaths<typeof en>;

/** A catalog lookup: the screens pass `t`, the word tests a translator of either language. */
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;
