import { describe, expect, it } from 'vitest';
import type { Problem, ProblemKind } from '../../../src-common/ipc/contract';
import { ProblemSchema } from '../../../src-common/ipc/problem';
import { isCallProblem, problemWords } from '../../../src-renderer/staff/components/problem-words';
import { translators as T } from '../../support/catalog-words';

/** The screen's size formatter stands in as a fixed text: its own words are tested elsewhere. */
const size = (bytes: number): string => `${bytes / 1024 ** 2} MB`;

/** One problem of each kind, what staff read for it in English and in Spanish, and if it is the call's. */
const ROWS: { problem: Problem; en: string; es: string; call: boolean }[] = [
  {
    problem: { kind: 'not-allowed', gate: 'staff' },
    en: 'Staff mode has closed. Open it again to go on.',
    es: 'El modo de personal se ha cerrado. Ábralo de nuevo para seguir.',
    call: true,
  },
  {
    problem: { kind: 'disconnected' },
    en: 'This screen lost its connection to the kiosk. Try again; if it keeps happening, restart the kiosk.',
    es: 'Esta pantalla ha perdido la conexión con el quiosco. Vuelva a intentarlo; si sigue ocurriendo, reinicie el quiosco.',
    call: true,
  },
  {
    problem: { kind: 'not-allowed', gate: 'patron' },
    en: 'A staff screen is showing: close staff mode first.',
    es: 'Se muestra una pantalla del personal: cierre antes el modo de personal.',
    call: true,
  },
  {
    problem: { kind: 'not-allowed', gate: 'owner' },
    en: 'Staff mode is open on another screen of this kiosk: only that screen can do this until staff mode closes there.',
    es: 'El modo de personal está abierto en otra pantalla de este quiosco: solo esa pantalla puede hacer esto hasta que se cierre allí.',
    call: true,
  },
  {
    problem: { kind: 'forbidden-sender' },
    en: 'The kiosk could not do that (forbidden-sender). Try again.',
    es: 'El quiosco no pudo hacerlo (forbidden-sender). Inténtelo de nuevo.',
    call: true,
  },
  {
    problem: { kind: 'unknown-channel', channel: 'fs.readFile' },
    en: 'The kiosk could not do that (unknown-channel). Try again.',
    es: 'El quiosco no pudo hacerlo (unknown-channel). Inténtelo de nuevo.',
    call: true,
  },
  {
    problem: {
      kind: 'invalid-payload',
      channel: 'staff.console.settings.save',
      issues: 'form: Required',
    },
    en: 'The kiosk could not do that (invalid-payload). Try again.',
    es: 'El quiosco no pudo hacerlo (invalid-payload). Inténtelo de nuevo.',
    call: true,
  },
  {
    problem: { kind: 'handler-failed', channel: 'staff.console.settings.save' },
    en: 'The kiosk could not do that (handler-failed). Try again.',
    es: 'El quiosco no pudo hacerlo (handler-failed). Inténtelo de nuevo.',
    call: true,
  },
  {
    problem: { kind: 'refused', operation: 'updateMember', status: 400 },
    en: 'The library service refused this (status 400).',
    es: 'El servicio de la biblioteca lo ha rechazado (estado 400).',
    call: false,
  },
  {
    problem: { kind: 'refused', operation: 'updateMember', status: 409, message: 'Card in use' },
    en: 'The library service refused this (status 409): “Card in use”',
    es: 'El servicio de la biblioteca lo ha rechazado (estado 409): «Card in use»',
    call: false,
  },
  {
    problem: { kind: 'auth-required', operation: 'getuserinfo', reason: 'signed-out' },
    en: 'Sign in to the library service first (Sign-in screen).',
    es: 'Inicie primero la sesión en el servicio de la biblioteca (pantalla Acceso).',
    call: false,
  },
  {
    problem: { kind: 'unreachable', operation: 'getuserinfo', cause: 'ECONNREFUSED' },
    en: 'The library service cannot be reached (ECONNREFUSED). Check the network, then try again.',
    es: 'No se puede conectar con el servicio de la biblioteca (ECONNREFUSED). Compruebe la red y vuelva a intentarlo.',
    call: false,
  },
  {
    problem: { kind: 'timeout', operation: 'getuserinfo', timeoutMs: 15_400 },
    en: 'The library service did not answer within 15 seconds. Try again.',
    es: 'El servicio de la biblioteca no ha respondido en 15 segundos. Vuelva a intentarlo.',
    call: false,
  },
  {
    problem: { kind: 'malformed-response', operation: 'getuserinfo', issue: 'no UserId' },
    en: 'The library service answered, but its answer could not be read (no UserId).',
    es: 'El servicio de la biblioteca ha respondido, pero su respuesta no se puede leer (no UserId).',
    call: false,
  },
  {
    problem: { kind: 'cancelled', operation: 'uploadDocument' },
    en: 'Cancelled.',
    es: 'Cancelado.',
    call: false,
  },
  {
    problem: {
      kind: 'redirected',
      operation: 'getuserinfo',
      status: 302,
      target: 'https://elsewhere.example',
    },
    en: 'The library service sent this request on to https://elsewhere.example (status 302). The kiosk does not follow it there: check the service address in Settings, or ask whoever runs the service.',
    es: 'El servicio de la biblioteca ha enviado esta petición a https://elsewhere.example (estado 302). El quiosco no la sigue hasta allí: revise la dirección del servicio en Ajustes o consulte a quien gestiona el servicio.',
    call: false,
  },
  {
    problem: { kind: 'mismatched-answer', operation: 'checkIn', field: 'itemBarcode' },
    en: 'The library service answered for another item than the one sent, so this is not recorded as done. Check the item in the library system.',
    es: 'El servicio de la biblioteca ha respondido por otro ejemplar distinto del enviado, así que esto no se da por hecho. Compruebe el ejemplar en el sistema de la biblioteca.',
    call: false,
  },
  {
    problem: { kind: 'mismatched-answer', operation: 'checkOut', field: 'memberBarcode' },
    en: 'The library service answered for another card than the one sent, so this is not recorded as done. Check the item in the library system.',
    es: 'El servicio de la biblioteca ha respondido por otro carné distinto del enviado, así que esto no se da por hecho. Compruebe el ejemplar en el sistema de la biblioteca.',
    call: false,
  },
  {
    problem: { kind: 'too-large', operation: 'searchMembers', limitBytes: 4 * 1024 ** 2 },
    en: "The library service's answer was larger than the 4 MB the kiosk reads, so it was not read (setting service.maxAnswerBytes). Ask whoever runs the service why it answers so much.",
    es: 'La respuesta del servicio de la biblioteca superaba los 4 MB que lee el quiosco, así que no se ha leído (ajuste service.maxAnswerBytes). Pregunte a quien gestiona el servicio por qué responde tanto.',
    call: false,
  },
  {
    problem: { kind: 'invalid', issues: [{ path: 'GivenName', message: 'required' }] },
    en: 'Nothing was sent: check the fields marked below.',
    es: 'No se ha enviado nada: revise los campos marcados abajo.',
    call: false,
  },
  {
    problem: { kind: 'unavailable', reason: 'no-console' },
    en: 'This is not available on this kiosk (no-console).',
    es: 'Esto no está disponible en este quiosco (no-console).',
    call: false,
  },
  {
    problem: { kind: 'queued-offline', item: '31234000012345' },
    en: 'Not sent: this kiosk still has a transaction for item 31234000012345 waiting in its offline queue, and this one would cross it. Let the queue be sent first (Status screen), then try again.',
    es: 'No se ha enviado: este quiosco aún tiene una operación del documento 31234000012345 esperando en su cola sin conexión, y esta se cruzaría con ella. Deje que la cola se envíe primero (pantalla Estado) y vuelva a intentarlo.',
    call: false,
  },
];

describe('the words for the one problem type, every staff screen', () => {
  it('has a row for every kind the schema allows', () => {
    const kinds = new Set<ProblemKind>(ROWS.map((row) => row.problem.kind));
    expect([...kinds].sort()).toEqual(ProblemSchema.options.map((o) => o.shape.kind.value).sort());
    for (const row of ROWS) expect(ProblemSchema.parse(row.problem)).toEqual(row.problem);
  });

  it.each(ROWS.map((row) => [row.problem.kind, row] as const))(
    '%s: the exact words in English and Spanish',
    (_kind, row) => {
      expect(problemWords(row.problem, T.en, size)).toBe(row.en);
      expect(problemWords(row.problem, T.es, size)).toBe(row.es);
    },
  );

  it.each(ROWS.map((row) => [row.problem.kind, row.call] as const))(
    '%s is the call’s own problem: %s',
    (kind, call) => {
      const row = ROWS.find((candidate) => candidate.problem.kind === kind);
      expect(row && isCallProblem(row.problem)).toBe(call);
    },
  );

  it('never shows a channel name, a payload issue or a status word for the call’s own problems', () => {
    for (const row of ROWS.filter((candidate) => candidate.call)) {
      for (const words of [row.en, row.es]) {
        expect(words).not.toMatch(/settings\.save|fs\.readFile|Required|undefined|\{\{/);
      }
    }
  });
});
