import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, authMessageText } from '../../../src-main/auth/messages';
import { SCOPES } from '../../../src-main/auth/oauth-server';

describe('staff-facing auth messages', () => {
  it('fills parameters into the English text', () => {
    expect(
      authMessageText({ kind: 'auth.client-rejected', params: { clientId: 'kiosk-7' } }),
    ).toContain("this kiosk's client ID (kiosk-7)");
  });

  it.each(['en', 'es'])(
    'has every key in the %s catalog with the placeholders of the English fallback',
    async (language) => {
      const catalog = JSON.parse(
        await readFile(
          new URL(`../../../src-renderer/i18n/${language}.json`, import.meta.url),
          'utf8',
        ),
      ) as { auth?: { message?: Record<string, unknown> } };
      const placeholders = (text: string, pattern: RegExp): string[] =>
        [...text.matchAll(pattern)].map((match) => match[1] ?? '').sort();
      for (const [kind, fallback] of Object.entries(AUTH_MESSAGES)) {
        const translated = catalog.auth?.message?.[kind.replace(/^auth\./, '')];
        expect(typeof translated, `${language}: ${kind}`).toBe('string');
        expect(placeholders(String(translated), /\{\{(\w+)\}\}/g), `${language}: ${kind}`).toEqual(
          placeholders(fallback, /\{(\w+)\}/g),
        );
      }
    },
  );
});

describe('scopes', () => {
  it('asks the seed scopes for each client kind', () => {
    expect(SCOPES).toEqual({
      registered: 'email serviceApi offline_access',
      development: 'email serviceApi',
    });
  });
});
