import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src-common/ipc/contract';
import {
  SIP2_PROBE_HINTS,
  SIP2_PROBE_STEPS,
  Sip2ProbeReportSchema,
} from '../../../src-common/ipc/sip2-probe-report';
import type { MessageKey } from '../../../src-renderer/i18n/message-key';
import { catalogText, translators } from '../../support/catalog-words';

/** The SIP2 probe's lines on the diagnostics screen, as staff read them in English and Spanish. */
const at = (language: Language, id: string): unknown =>
  catalogText(language, `diagnostics.sip2Probe.${id}`);

const FIELD_STATUSES = Sip2ProbeReportSchema.shape.fields.element.shape.status.options;
const EVERY_ID = [
  ...SIP2_PROBE_HINTS.map((hint) => `hint.${hint}`),
  ...SIP2_PROBE_STEPS.map((step) => `step.${step}`),
  ...['ok', 'failed', 'skipped'].map((outcome) => `outcome.${outcome}`),
  ...['yes', 'no', 'unknown'].map((flag) => `flag.${flag}`),
  ...FIELD_STATUSES.map((status) => `status.${status}`),
  ...['cards', 'checkOut', 'checkIn', 'renewal'].map((offer) => `offer.${offer}`),
  ...['yes', 'no', 'unknown'].map((offered) => `offered.${offered}`),
  ...['status', 'bx'].map((by) => `limitedBy.${by}`),
];

describe('the SIP2 probe on the diagnostics screen, in words', () => {
  it('every hint, step, outcome, flag and field status has words in both languages, and Spanish is not English', () => {
    for (const id of EVERY_ID) {
      expect(typeof at('en', id), id).toBe('string');
      expect(typeof at('es', id), id).toBe('string');
      if (!id.startsWith('flag.no')) expect(at('es', id), id).not.toBe(at('en', id));
    }
  });

  it.each([
    [
      'en',
      'hint.terminator',
      { value: 'CRLF' },
      'The server ends its messages with CRLF. Set the message terminator (sip2.terminator) to CRLF.',
    ],
    [
      'es',
      'hint.terminator',
      { value: 'CRLF' },
      'El servidor termina sus mensajes con CRLF. Ponga el terminador de mensajes (sip2.terminator) en CRLF.',
    ],
    [
      'en',
      'hint.login-refused',
      {},
      'The server refused the login. Check the login user, the login password and the location code (sip2.loginUser, sip2.locationCode) against the SIP account at the library system.',
    ],
    [
      'es',
      'hint.login-refused',
      {},
      'El servidor rechazó el inicio de sesión. Compruebe el usuario, la contraseña y el código de ubicación (sip2.loginUser, sip2.locationCode) con la cuenta SIP del sistema de la biblioteca.',
    ],
    [
      'en',
      'hint.institution-id',
      { value: 'CPL' },
      'The server calls its institution CPL. Set the institution ID (sip2.institutionId) to CPL.',
    ],
    [
      'es',
      'hint.institution-id',
      { value: 'CPL' },
      'El servidor llama a su institución CPL. Ponga el ID de institución (sip2.institutionId) en CPL.',
    ],
    ['en', 'unavailable', {}, 'This kiosk has no SIP2 server set up. Set the SIP2 settings first.'],
    [
      'es',
      'unavailable',
      {},
      'Este quiosco no tiene un servidor SIP2 configurado. Configure primero los ajustes SIP2.',
    ],
    ['en', 'nothingToFix', {}, 'Nothing to fix: the settings match what the server sends.'],
    [
      'es',
      'nothingToFix',
      {},
      'Nada que corregir: los ajustes coinciden con lo que envía el servidor.',
    ],
    [
      'en',
      'hint.empty-pin-refused',
      {},
      'The server refuses the test card when it comes with an empty PIN (23), though it knows the card (63). If patrons must give a PIN, turn on the patron PIN setting (sip2.patronPin).',
    ],
    [
      'es',
      'hint.empty-pin-refused',
      {},
      'El servidor rechaza la tarjeta de prueba cuando llega con un PIN vacío (23), aunque conoce la tarjeta (63). Si los usuarios deben dar un PIN, active el ajuste de PIN del usuario (sip2.patronPin).',
    ],
    [
      'en',
      'hint.takes-nothing',
      {},
      "The server takes neither check-outs nor check-ins from this kiosk, so patrons will be offered nothing. Allow check-out and check-in for this kiosk's SIP account at the library system.",
    ],
    [
      'es',
      'hint.takes-nothing',
      {},
      'El servidor no acepta préstamos ni devoluciones de este quiosco, así que a los usuarios no se les ofrecerá nada. Permita préstamos y devoluciones en la cuenta SIP de este quiosco en el sistema de la biblioteca.',
    ],
    [
      'en',
      'hint.idle-drop',
      { value: '20' },
      "The server closed a quiet connection after 20 s, before the kiosk's next status check. Set the status check interval (sip2.heartbeatSeconds) below 20 s.",
    ],
    [
      'es',
      'hint.idle-drop',
      { value: '20' },
      'El servidor cerró una conexión en silencio a los 20 s, antes de la siguiente comprobación de estado del quiosco. Ponga el intervalo de comprobación de estado (sip2.heartbeatSeconds) por debajo de 20 s.',
    ],
    [
      'en',
      'notOffered',
      { why: "the server's status says no; the server does not answer this request" },
      "Not offered: the server's status says no; the server does not answer this request",
    ],
    [
      'es',
      'notOffered',
      { why: 'el estado del servidor dice que no' },
      'No se ofrece: el estado del servidor dice que no',
    ],
    [
      'en',
      'idleClosed',
      { after: 20, heartbeat: 30 },
      "The server closed a quiet connection after 20 s; the kiosk checks the server's status every 30 s.",
    ],
    [
      'es',
      'idleKept',
      { watched: 30, heartbeat: 30 },
      'Una conexión en silencio siguió abierta 30 s; el quiosco comprueba el estado del servidor cada 30 s.',
    ],
    ['en', 'summary', { ok: 2, steps: 6 }, 'Steps done: 2 of 6.'],
    ['es', 'summary', { ok: 2, steps: 6 }, 'Pasos completados: 2 de 6.'],
    ['en', 'step.acs-status', {}, 'Server status (99)'],
    ['es', 'step.acs-status', {}, 'Estado del servidor (99)'],
    ['en', 'status.not-understood', {}, 'Sent, not understood'],
    ['es', 'status.not-understood', {}, 'Enviado, no entendido'],
  ] as const)('in %s, %s reads exactly as written', (language, id, params, text) => {
    expect(translators[language](`diagnostics.sip2Probe.${id}` as MessageKey, params)).toBe(text);
  });

  it('no hint shows a placeholder or a password, whatever its value', () => {
    for (const language of ['en', 'es'] as const) {
      for (const hint of SIP2_PROBE_HINTS) {
        const text = translators[language](`diagnostics.sip2Probe.hint.${hint}` as MessageKey, {
          value: 'X',
        });
        expect(text, hint).not.toMatch(/\{\{|\}\}/);
        expect(text.toLowerCase(), hint).not.toContain('sip2.loginpassword');
      }
    }
  });
});
