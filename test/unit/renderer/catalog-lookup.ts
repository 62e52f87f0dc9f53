import { en } from '../../../src-renderer/i18n/catalog';

/** The English text of a catalog id, or undefined: maps of ids must point at real messages. */
export function englishText(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        typeof node === 'object' && node !== null
          ? (node as Record<string, unknown>)[part]
          : undefined,
      en,
    );
}
