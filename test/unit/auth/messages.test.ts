import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, authMessageText } from '../../../src-main/auth/messages';
import { SCOPES } from '../../../src-main/auth/oauth-server';

describe('staff-facing auth messages', () => {
  it('fills parameters into the English text', () => {
    expect(
      authMessageText({ kind: 'auth.client-rejected', params: { clientId: 'kiosk-7' } }),
    ).toContain("this kiosk's client ID (kiosk-7)");
  });

  it('has a text for every message key', () => {
    for (const [kind, text] of Object.entries(AUTH_MESSAGES)) {
      expect(text.length, kind).toBeGreaterThan(10);
    }
  });
});

describe('scopes', () => {
  it('asks the seed scopes for each client kind', () => {
    expect(SCOPES).toEqual({
      registered: 'email serviceApi offline_access',
      development: 'email serviceApi',
    });
  });
});
