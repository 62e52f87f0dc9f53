import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../src-main/auth/messages';
import en from '../../../src-renderer/i18n/en.json';
import es from '../../../src-renderer/i18n/es.json';
import { bindingMismatch, tokenBinding } from '../../../src-main/auth/token-binding';
import { serviceAddress } from '../../../src-main/library/connection';

const binding = tokenBinding({
  baseUrl: 'https://library.example.org/api',
  authUrl: 'https://login.example.org',
  clientId: 'library-kiosk',
});

describe('token binding', () => {
  it('spells one address one way: origin with a lower-case host, no default port, no trailing slash', () => {
    expect(serviceAddress('https://Library.Example.org:443/api/')).toBe(
      'https://library.example.org/api',
    );
    expect(serviceAddress('http://127.0.0.1:7301')).toBe('http://127.0.0.1:7301');
    expect(serviceAddress('http://127.0.0.1:7301/')).toBe('http://127.0.0.1:7301');
  });

  it('matches a token set saved for the same service, sign-in server and client', () => {
    expect(
      bindingMismatch(
        {
          baseUrl: 'https://library.example.org/api/',
          authUrl: 'https://login.example.org/',
          clientId: 'library-kiosk',
        },
        binding,
      ),
    ).toEqual([]);
  });

  it('names each part that changed: service address, sign-in server, client', () => {
    expect(
      bindingMismatch(
        {
          baseUrl: 'https://other.example.net/api',
          authUrl: 'https://login.example.org',
          clientId: 'library-kiosk',
        },
        binding,
      ),
    ).toEqual(['baseUrl']);
    expect(
      bindingMismatch(
        { baseUrl: binding.baseUrl, authUrl: 'https://sso.example.net', clientId: 'other' },
        binding,
      ),
    ).toEqual(['authUrl', 'clientId']);
    expect(
      bindingMismatch(
        {
          baseUrl: 'https://library.example.org/api2',
          authUrl: binding.authUrl,
          clientId: binding.clientId,
        },
        binding,
      ),
    ).toEqual(['baseUrl']);
  });

  it('does not trust a token set saved before the binding named the service address', () => {
    expect(
      bindingMismatch({ authUrl: binding.authUrl, clientId: binding.clientId }, binding),
    ).toEqual(['baseUrl']);
  });
});

describe('the staff line when a changed address removed the sign-in', () => {
  const english =
    'The library service address, sign-in server or client changed in the settings, so the saved sign-in was removed. A staff member needs to sign in again.';

  it('reads the same in the CLI and on the staff screen in English, and in Spanish', () => {
    expect(AUTH_MESSAGES['auth.service-changed']).toBe(english);
    expect(en.auth.message['service-changed']).toBe(english);
    expect(es.auth.message['service-changed']).toBe(
      'La dirección del servicio de la biblioteca, el servidor de inicio de sesión o el cliente cambiaron en la configuración, así que se quitó la sesión guardada. Alguien del personal debe iniciar sesión de nuevo.',
    );
  });
});
