import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src-common/ipc/contract';
import { ProbeNoteSchema, type ProbeNote } from '../../../src-common/ipc/probe-report';
import { Sip2ProbeNoteSchema, type Sip2ProbeNote } from '../../../src-common/ipc/sip2-probe-report';
import { probeNoteEnglish, type ProbeReadNote } from '../../../src-main/library-client/probe-notes';
import { sip2NoteEnglish } from '../../../src-main/library-client/sip2/probe-notes';
import { problemWords } from '../../../src-renderer/staff/components/problem-words';
import {
  probeNoteText,
  sip2NoteText,
} from '../../../src-renderer/staff/diagnostics/probe-note-words';
import { translators } from '../../support/catalog-words';

/** The Detail column of both probes' tables on the Diagnostics screen, in English and Spanish. */
const service = (language: Language, note: ProbeNote): string =>
  probeNoteText(note, translators[language], (problem) =>
    problemWords(problem, translators[language], (bytes) => `${bytes} B`),
  );
const sip2 = (language: Language, note: Sip2ProbeNote): string =>
  sip2NoteText(note, translators[language]);

/** One note of every kind the service probe gives. */
const SERVICE_NOTES: ProbeNote[] = [
  { kind: 'user-named' },
  { kind: 'no-user-name' },
  { kind: 'members-on-page', count: 20 },
  { kind: 'first-member-read' },
  { kind: 'branches', count: 3 },
  { kind: 'member-types', count: 4 },
  { kind: 'loans', count: 2 },
  { kind: 'loans-not-found' },
  { kind: 'no-member-id' },
  { kind: 'list-failed' },
  { kind: 'no-barcode' },
  { kind: 'failed', problem: { kind: 'refused', operation: 'listBranches', status: 403 } },
];

/** One note of every kind the SIP2 probe gives. */
const SIP2_NOTES: Sip2ProbeNote[] = [
  { kind: 'connected', host: 'sip.example.org', port: 6001, tls: false },
  { kind: 'connected', host: 'sip.example.org', port: 6001, tls: true },
  { kind: 'not-connected', host: 'sip.example.org', port: 6001, code: 'ECONNREFUSED' },
  { kind: 'not-built', issue: 'unencodable' },
  { kind: 'no-answer' },
  { kind: 'closed' },
  { kind: 'connection-failed', code: 'ECONNRESET' },
  { kind: 'unreadable', issue: 'bad-checksum' },
  { kind: 'asked-again' },
  { kind: 'other-answer', code: '96', expected: '94' },
  { kind: 'login-refused' },
  { kind: 'logged-in', user: 'kiosk1' },
  { kind: 'no-login-user' },
  { kind: 'status', online: 'yes', checkOut: 'yes', checkIn: 'no' },
  { kind: 'no-test-card' },
  { kind: 'no-test-item' },
  { kind: 'not-answered', code: '23' },
  { kind: 'patron-answered', code: '64', valid: 'yes' },
  { kind: 'item-answered', circulation: 'available' },
  { kind: 'idle-not-watched' },
  { kind: 'idle-kept', watchedSeconds: 30, heartbeatSeconds: 30 },
  { kind: 'idle-closed', afterSeconds: 19.6, heartbeatSeconds: 30 },
];

function noteAt(index: number): Sip2ProbeNote {
  const note = SIP2_NOTES[index];
  if (!note) throw new Error(`no sample note at ${index}`);
  return note;
}

const kinds = (schema: { options: readonly { shape: { kind: { value: string } } }[] }) =>
  schema.options.map((option) => option.shape.kind.value).sort();

describe("the probes' Detail column, in the screen's language", () => {
  it('has a sample of every note kind, so each is checked below', () => {
    expect([...new Set(SERVICE_NOTES.map((note) => note.kind))].sort()).toEqual(
      kinds(ProbeNoteSchema),
    );
    expect([...new Set(SIP2_NOTES.map((note) => note.kind))].sort()).toEqual(
      kinds(Sip2ProbeNoteSchema),
    );
  });

  it('words every note in both languages, with no placeholder left, and no English on the Spanish screen', () => {
    for (const note of SERVICE_NOTES) {
      const en = service('en', note);
      const es = service('es', note);
      expect(en, note.kind).not.toMatch(/\{\{|\}\}|diagnostics\./);
      expect(es, note.kind).not.toMatch(/\{\{|\}\}|diagnostics\./);
      expect(es, note.kind).not.toBe(en);
      if (note.kind !== 'failed') {
        expect(es, note.kind).not.toBe(probeNoteEnglish(note as ProbeReadNote));
      }
    }
    for (const note of SIP2_NOTES) {
      const en = sip2('en', note);
      const es = sip2('es', note);
      expect(en, note.kind).not.toMatch(/\{\{|\}\}|diagnostics\./);
      expect(es, note.kind).not.toMatch(/\{\{|\}\}|diagnostics\./);
      expect(es, note.kind).not.toBe(en);
      expect(es, note.kind).not.toBe(sip2NoteEnglish(note));
    }
  });

  it.each([
    ['en', { kind: 'members-on-page', count: 20 }, 'Members on the first page: 20.'],
    ['es', { kind: 'members-on-page', count: 20 }, 'Socios en la primera página: 20.'],
    ['en', { kind: 'loans', count: 0 }, 'The member was found; loans: 0.'],
    ['es', { kind: 'loans', count: 0 }, 'Se encontró al socio; préstamos: 0.'],
    [
      'en',
      { kind: 'no-barcode' },
      'Not asked: no card number to look up (none given and none in the member list).',
    ],
    [
      'es',
      { kind: 'no-barcode' },
      'No se preguntó: no hay número de carné que consultar (no se indicó ninguno y la lista de socios no trae ninguno).',
    ],
  ] as const)('the service probe in %s: %j reads exactly as written', (language, note, text) => {
    expect(service(language, note)).toBe(text);
  });

  it('words a service failure as the staff console does, not in the CLI English', () => {
    const problem = {
      kind: 'unreachable',
      operation: 'getUserInfo',
      cause: 'ECONNREFUSED',
    } as const;
    expect(service('en', { kind: 'failed', problem })).toBe(
      translators.en('console.problem.unreachable', { cause: 'ECONNREFUSED' }),
    );
    expect(service('es', { kind: 'failed', problem })).toBe(
      translators.es('console.problem.unreachable', { cause: 'ECONNREFUSED' }),
    );
    expect(service('es', { kind: 'failed', problem })).not.toContain('getUserInfo');
  });

  it.each([
    ['en', noteAt(1), 'Connected to sip.example.org:6001 over TLS.'],
    ['es', noteAt(1), 'Conectado a sip.example.org:6001 con TLS.'],
    ['en', noteAt(13), 'Online: Yes. Check-out: Yes. Check-in: No.'],
    ['es', noteAt(13), 'En línea: Sí. Préstamos: Sí. Devoluciones: No.'],
    ['en', noteAt(17), 'Answered 64. Valid card: Yes.'],
    ['es', noteAt(17), 'Respondió 64. Carné válido: Sí.'],
    ['en', noteAt(18), 'Answered 18. The item is: available.'],
    ['es', noteAt(18), 'Respondió 18. El ejemplar está: disponible.'],
    ['en', noteAt(14), 'Not tried: no test card is set (sip2.testCard).'],
    ['es', noteAt(14), 'No se intentó: no hay carné de prueba (sip2.testCard).'],
    ['en', noteAt(20), 'A quiet connection stayed open for 30 s (status check every 30 s).'],
    [
      'es',
      noteAt(21),
      'El servidor cerró una conexión en silencio a los 20 s, antes de la comprobación de estado (30 s).',
    ],
  ] as const)('the SIP2 probe in %s: %j reads exactly as written', (language, note, text) => {
    expect(sip2(language, note)).toBe(text);
  });

  it('keeps the CLI English as it was', () => {
    expect(sip2NoteEnglish(noteAt(2))).toBe('no connection to sip.example.org:6001 (ECONNREFUSED)');
    expect(sip2NoteEnglish(noteAt(18))).toBe('answered 18; circulation status available');
    expect(probeNoteEnglish({ kind: 'members-on-page', count: 20 })).toBe('20 members on page 1');
  });
});
