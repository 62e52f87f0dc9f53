import { describe, expect, it } from 'vitest';
import { en, es } from '../../../src-renderer/i18n/catalog';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();
}

function lookup(catalog: unknown, key: string): string {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog) as string;
}

describe('message catalogs', () => {
  it('Spanish has exactly the English message ids', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });

  it('every Spanish message is non-empty and keeps the English placeholders', () => {
    for (const key of keys(en)) {
      const text = lookup(es, key);
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(lookup(en, key)));
    }
  });
});
