import type { en } from './catalog';

type KeyPaths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeyPaths<T[K]>}`;
}[keyof T & string];

/**
 * Every message id of the catalog, checked by the compiler at each `t(...)` call. Its own file,
 * free of the DOM, so Node-side tests can type-check the maps built on it.
 */
export type MessageKey = KeyPaths<typeof en>;
