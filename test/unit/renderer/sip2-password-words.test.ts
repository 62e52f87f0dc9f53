import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src-common/ipc/contract';
import { translators } from '../../support/catalog-words';

/**
 * Every line the settings screen's SIP2 passwords add (issue 24), word for word in both
 * languages; none of them has room for a password, only whether one is set.
 */

type Key = Parameters<(typeof translators)['en']>[0];
const say = (language: Language, key: Key, params?: Record<string, string | number>) =>
  translators[language](key, params);

const LOGIN = { en: 'Login password (CO)', es: 'Contraseña de acceso (CO)' };

describe('SIP2 password words on the settings screen', () => {
  it.each<
    [string, Key, Record<Language, string>, Record<Language, Record<string, string | number>>?]
  >([
    [
      'title',
      'settingsScreen.sip2Passwords.title',
      { en: 'SIP2 passwords', es: 'Contraseñas SIP2' },
    ],
    [
      'no SIP2 server saved',
      'settingsScreen.sip2Passwords.none',
      {
        en: "The built-in demo SIP2 server needs no passwords. For a library's SIP2 server, set it above and save the settings; its passwords can then be stored here.",
        es: 'El servidor SIP2 de demostración integrado no necesita contraseñas. Para el servidor SIP2 de una biblioteca, escríbalo arriba y guarde los ajustes; después podrá guardar aquí sus contraseñas.',
      },
    ],
    [
      'which server they are for',
      'settingsScreen.sip2Passwords.for',
      {
        en: 'For login user kiosk1 at sip.example.org:6001 (the saved server). Stored encrypted on this kiosk; never shown again.',
        es: 'Para el usuario de acceso kiosk1 en sip.example.org:6001 (el servidor guardado). Se guardan cifradas en este quiosco y no se vuelven a mostrar.',
      },
      {
        en: { loginUser: 'kiosk1', host: 'sip.example.org', port: 6001 },
        es: { loginUser: 'kiosk1', host: 'sip.example.org', port: 6001 },
      },
    ],
    ['no login user', 'settingsScreen.sip2Passwords.noUser', { en: '(none)', es: '(ninguno)' }],
    ['login password', 'settingsScreen.sip2Passwords.login', LOGIN],
    [
      'terminal password',
      'settingsScreen.sip2Passwords.terminal',
      { en: 'Terminal password (AC)', es: 'Contraseña del terminal (AC)' },
    ],
    ['set', 'settingsScreen.sip2Passwords.isSet', { en: 'set', es: 'guardada' }],
    ['not set', 'settingsScreen.sip2Passwords.isNotSet', { en: 'not set', es: 'sin guardar' }],
    [
      'Save',
      'settingsScreen.sip2Passwords.save',
      { en: 'Save password', es: 'Guardar contraseña' },
    ],
    [
      'Clear',
      'settingsScreen.sip2Passwords.clear',
      { en: 'Clear password', es: 'Borrar contraseña' },
    ],
    [
      'saved',
      'settingsScreen.sip2Passwords.saved',
      { en: 'Login password (CO) saved.', es: 'Contraseña de acceso (CO): guardada.' },
      { en: { name: LOGIN.en }, es: { name: LOGIN.es } },
    ],
    [
      'cleared',
      'settingsScreen.sip2Passwords.cleared',
      { en: 'Login password (CO) cleared.', es: 'Contraseña de acceso (CO): borrada.' },
      { en: { name: LOGIN.en }, es: { name: LOGIN.es } },
    ],
    [
      'when it takes effect',
      'settingsScreen.sip2Passwords.takesEffect',
      {
        en: 'Like the settings above, a saved or cleared password is used once the kiosk restarts.',
        es: 'Como los ajustes de arriba, una contraseña guardada o borrada se usa cuando el quiosco se reinicia.',
      },
    ],
    [
      'the server field says where the passwords are set',
      'settingsScreen.hint.sip2.host',
      {
        en: 'The SIP2 passwords are set below, once the server is saved, or with library-kiosk set-sip2-password; both store them encrypted.',
        es: 'Las contraseñas SIP2 se escriben más abajo, una vez guardado el servidor, o con library-kiosk set-sip2-password; las dos formas las guardan cifradas.',
      },
    ],
  ])('%s', (_label, key, expected, params) => {
    expect(say('en', key, params?.en)).toBe(expected.en);
    expect(say('es', key, params?.es)).toBe(expected.es);
  });

  it('no line takes a password: only a name, a server and a login user', () => {
    for (const language of ['en', 'es'] as const) {
      for (const key of ['isSet', 'isNotSet', 'saved', 'cleared', 'for'] as const) {
        const line = say(language, `settingsScreen.sip2Passwords.${key}`, {
          name: 'N',
          host: 'h',
          port: 1,
          loginUser: 'u',
          password: 'PASSWORD-VALUE',
        });
        expect(line).not.toContain('PASSWORD-VALUE');
      }
    }
  });
});
