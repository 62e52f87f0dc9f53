import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src-common/ipc/contract';
import type { Translate } from '../../../src-renderer/i18n/message-key';
import { scopesInWords, scopeWords } from '../../../src-renderer/staff/diagnostics/scope-words';
import { translators as T } from '../../support/catalog-words';

/** What the embedded reference service grants the registered client, in the order it says it. */
const GRANTED = ['openid', 'profile', 'email', 'serviceApi', 'offline_access'];

describe('the sign-in screen, word for word', () => {
  it('says what each granted scope lets the kiosk do, the scope as the hint', () => {
    expect(scopesInWords(GRANTED, T.en)).toEqual([
      { text: "Use the library system's API", term: 'serviceApi' },
      { text: 'Stay signed in: renew access without staff', term: 'offline_access' },
      { text: 'Read your e-mail address', term: 'email' },
      { text: 'Read your profile', term: 'profile' },
      { text: 'Identify you', term: 'openid' },
    ]);
    expect(scopesInWords(GRANTED, T.es)).toEqual([
      { text: 'Usar la API del sistema de la biblioteca', term: 'serviceApi' },
      { text: 'Mantener la sesión: renovar el acceso sin el personal', term: 'offline_access' },
      { text: 'Leer su dirección de correo electrónico', term: 'email' },
      { text: 'Leer su perfil', term: 'profile' },
      { text: 'Identificarle', term: 'openid' },
    ]);
  });

  it('shows a scope it has no words for as itself, after the known ones, with no hint', () => {
    expect(scopeWords('catalogue:write', T.en)).toEqual({ text: 'catalogue:write' });
    expect(scopesInWords(['catalogue:write', 'serviceApi'], T.es)).toEqual([
      { text: 'Usar la API del sistema de la biblioteca', term: 'serviceApi' },
      { text: 'catalogue:write' },
    ]);
    expect(scopesInWords([], T.en)).toEqual([]);
  });

  it('never shows the raw scope string, nor a scope name, as the words', () => {
    for (const say of [T.en, T.es]) {
      const texts = scopesInWords(GRANTED, say).map((line) => line.text);
      expect(texts.join(' ')).not.toContain('openid profile email serviceApi offline_access');
      for (const scope of GRANTED) expect(texts).not.toContain(scope);
    }
  });

  it('names the sign-in client in plain words, the technical term as the hint', () => {
    const say = (language: Language, key: string, params?: Record<string, string>) =>
      T[language](key as Parameters<Translate>[0], params);
    expect(
      ['clientTitle', 'clientKind', 'clientId', 'authUrl'].map((key) =>
        say('en', `diagnostics.account.${key}`),
      ),
    ).toEqual([
      'How the kiosk signs in',
      'Kind of sign-in',
      "The kiosk's name at the sign-in server",
      'Sign-in server',
    ]);
    expect(
      ['clientTitle', 'clientKind', 'clientId', 'authUrl'].map((key) =>
        say('es', `diagnostics.account.${key}`),
      ),
    ).toEqual([
      'Cómo inicia sesión el quiosco',
      'Tipo de inicio de sesión',
      'Nombre del quiosco en el servidor de inicio de sesión',
      'Servidor de inicio de sesión',
    ]);
    expect(say('en', 'diagnostics.account.kind.registered')).toBe(
      "Registered: the kiosk's own registration with the library system; it stays signed in",
    );
    expect(say('en', 'diagnostics.account.kind.development')).toBe(
      'Development: for testing; staff sign in again when a session ends',
    );
    expect(say('es', 'diagnostics.account.kind.registered')).toBe(
      'Registrado: el registro propio del quiosco en el sistema de la biblioteca; mantiene la sesión',
    );
    expect(say('es', 'diagnostics.account.kind.development')).toBe(
      'De desarrollo: para pruebas; el personal vuelve a iniciar sesión cuando termina una sesión',
    );
    expect(say('en', 'diagnostics.account.kindHint', { kind: 'registered' })).toBe(
      'OAuth client type: registered',
    );
    expect(say('es', 'diagnostics.account.kindHint', { kind: 'development' })).toBe(
      'Tipo de cliente OAuth: development',
    );
    expect([
      say('en', 'diagnostics.account.clientIdHint'),
      say('en', 'diagnostics.account.authUrlHint'),
      say('es', 'diagnostics.account.clientIdHint'),
      say('es', 'diagnostics.account.authUrlHint'),
    ]).toEqual([
      'OAuth client ID',
      'OAuth authorization server',
      'ID de cliente OAuth',
      'Servidor de autorización OAuth',
    ]);
  });

  it('says of the development client that the kiosk cannot stay signed in, without "refresh token"', () => {
    expect(T.en('auth.developmentClient')).toBe(
      'Development sign-in, for testing: the kiosk cannot stay signed in, so sign in again when the session ends.',
    );
    expect(T.es('auth.developmentClient')).toBe(
      'Inicio de sesión de desarrollo, para pruebas: el quiosco no puede mantener la sesión, así que inicie sesión de nuevo cuando termine.',
    );
  });

  it('says how long access lasts and whether the kiosk stays signed in, in words', () => {
    const keys = [
      'tokensTitle',
      'accessEnds',
      'accessEndsHint',
      'refreshToken',
      'refreshTokenHint',
      'refreshHeld',
      'refreshNone',
      'refreshDue',
      'refreshDueHint',
      'refreshDueNote',
      'scopes',
      'scopesHint',
    ].map((key) => `diagnostics.account.${key}` as Parameters<Translate>[0]);
    expect(keys.map((key) => T.en(key))).toEqual([
      'Access to the library system',
      'Access ends',
      'access token expiry',
      'Staying signed in',
      'refresh token',
      'Yes: the kiosk renews its access by itself',
      'No: the session ends when access does, then staff must sign in again',
      'Next renewal from',
      'token refresh',
      'The first call to the library system after this time renews access.',
      'What the kiosk may do',
      'OAuth scopes granted',
    ]);
    expect(keys.map((key) => T.es(key))).toEqual([
      'Acceso al sistema de la biblioteca',
      'El acceso vence',
      'vencimiento del token de acceso',
      'Mantener la sesión',
      'token de renovación',
      'Sí: el quiosco renueva el acceso por sí mismo',
      'No: la sesión termina cuando vence el acceso y el personal debe volver a iniciar sesión',
      'Próxima renovación a partir de',
      'renovación del token',
      'La primera llamada al sistema de la biblioteca después de esa hora renueva el acceso.',
      'Qué puede hacer el quiosco',
      'Ámbitos OAuth concedidos',
    ]);
  });
});
