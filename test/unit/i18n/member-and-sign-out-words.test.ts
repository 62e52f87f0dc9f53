import { describe, expect, it } from 'vitest';
import { en, es } from '../../../src-renderer/i18n/catalog';
import { translators as T } from '../../support/catalog-words';

describe('the member editor, word for word', () => {
  it('says that a save sends the whole record (not only the changed fields)', () => {
    expect(T.en('members.edit.intro')).toBe(
      'Saving sends the whole member record to the library system: every field below, with your changes.',
    );
    expect(T.es('members.edit.intro')).toBe(
      'Al guardar se envía la ficha completa al sistema de la biblioteca: todos los campos de abajo, con sus cambios.',
    );
    expect(T.en('members.edit.changed', { count: 1 })).toBe('1 field changed.');
    expect(T.en('members.edit.changed', { count: 2 })).toBe('2 fields changed.');
    expect(T.es('members.edit.changed', { count: 1 })).toBe('1 campo modificado.');
    expect(T.es('members.edit.changed', { count: 2 })).toBe('2 campos modificados.');
  });

  it('marks a field it could not read', () => {
    expect(T.en('members.edit.notRead')).toBe(
      'Could not be read from the library system: it is sent empty unless you fill it in.',
    );
    expect(T.es('members.edit.notRead')).toBe(
      'No se ha podido leer en el sistema de la biblioteca: se envía vacío salvo que lo rellene.',
    );
  });

  it('asks before sending unread fields empty, naming one or several', () => {
    expect(T.en('members.confirm.title')).toBe('Some fields could not be read');
    expect(T.es('members.confirm.title')).toBe('Hay campos que no se han podido leer');
    expect(T.en('members.confirm.text', { count: 1, fields: 'User name' })).toBe(
      'The kiosk could not read this field from the library system: User name. Saving sends it empty, and the library system may clear what it holds there.',
    );
    expect(T.en('members.confirm.text', { count: 2, fields: 'User name and Member status' })).toBe(
      'The kiosk could not read these fields from the library system: User name and Member status. Saving sends them empty, and the library system may clear what it holds there.',
    );
    expect(T.es('members.confirm.text', { count: 1, fields: 'Nombre de usuario' })).toBe(
      'El quiosco no ha podido leer este campo en el sistema de la biblioteca: Nombre de usuario. Al guardar se envía vacío, y el sistema de la biblioteca puede borrar lo que tenga en él.',
    );
    expect(
      T.es('members.confirm.text', { count: 2, fields: 'Nombre de usuario y Estado del socio' }),
    ).toBe(
      'El quiosco no ha podido leer estos campos en el sistema de la biblioteca: Nombre de usuario y Estado del socio. Al guardar se envían vacíos, y el sistema de la biblioteca puede borrar lo que tenga en ellos.',
    );
    expect([T.en('members.confirm.send'), T.en('members.confirm.back')]).toEqual([
      'Save with them empty',
      'Go back and fill them in',
    ]);
    expect([T.es('members.confirm.send'), T.es('members.confirm.back')]).toEqual([
      'Guardar con ellos vacíos',
      'Volver y rellenarlos',
    ]);
  });

  it("gives a refusal as the library system's reason, or says it gave none: never a status code", () => {
    const reason = 'Barcode 24410000000011 belongs to another member.';
    expect(T.en('members.problem.refusedSaveSaid', { reason })).toBe(
      `The library system refused the change: ${reason}`,
    );
    expect(T.es('members.problem.refusedSaveSaid', { reason })).toBe(
      `El sistema de la biblioteca ha rechazado el cambio: ${reason}`,
    );
    expect(T.en('members.problem.refusedSave')).toBe(
      'The library system refused the change and gave no reason.',
    );
    expect(T.es('members.problem.refusedSave')).toBe(
      'El sistema de la biblioteca ha rechazado el cambio sin dar el motivo.',
    );
    expect(T.en('members.problem.refusedReadSaid', { reason: 'Page too large.' })).toBe(
      'The library system refused to show the members: Page too large.',
    );
    expect(T.es('members.problem.refusedRead')).toBe(
      'El sistema de la biblioteca se ha negado a mostrar los socios sin dar el motivo.',
    );
    for (const language of ['en', 'es'] as const) {
      for (const key of [
        'refusedSave',
        'refusedSaveSaid',
        'refusedRead',
        'refusedReadSaid',
      ] as const) {
        expect(T[language](`members.problem.${key}`, { reason: 'x' })).not.toMatch(/400|status/i);
      }
    }
  });

  it('names each field that did not come back as sent', () => {
    const field = 'Phone';
    expect(T.en('members.saved.nowHas', { field, sent: '021 555', now: '021555' })).toBe(
      'Phone: sent “021 555”, the library system now has “021555”.',
    );
    expect(T.en('members.saved.nowEmpty', { field, sent: '021 555' })).toBe(
      'Phone: sent “021 555”, the library system now has it empty.',
    );
    expect(T.en('members.saved.notCleared', { field, now: '021 555' })).toBe(
      'Phone: sent empty, the library system still has “021 555”.',
    );
    expect(T.en('members.saved.notShown', { field, sent: 'active' })).toBe(
      "Phone: sent “active”, the library system's answer does not show it.",
    );
    const campo = 'Teléfono';
    expect(T.es('members.saved.notAsSent')).toBe(
      'Guardado, pero el sistema de la biblioteca no muestra estos campos tal como se enviaron:',
    );
    expect(T.es('members.saved.nowHas', { field: campo, sent: '021 555', now: '021555' })).toBe(
      'Teléfono: se envió «021 555», el sistema de la biblioteca tiene ahora «021555».',
    );
    expect(T.es('members.saved.nowEmpty', { field: campo, sent: '021 555' })).toBe(
      'Teléfono: se envió «021 555», el sistema de la biblioteca lo tiene ahora vacío.',
    );
    expect(T.es('members.saved.notCleared', { field: campo, now: '021 555' })).toBe(
      'Teléfono: se envió vacío, el sistema de la biblioteca sigue teniendo «021 555».',
    );
    expect(T.es('members.saved.notShown', { field: campo, sent: 'active' })).toBe(
      'Teléfono: se envió «active», la respuesta del sistema de la biblioteca no lo muestra.',
    );
  });

  it('counts the members found, one and many', () => {
    expect(T.en('members.search.total', { count: 1 })).toBe('1 member in all');
    expect(T.en('members.search.total', { count: 240 })).toBe('240 members in all');
    expect(T.es('members.search.total', { count: 1 })).toBe('1 socio en total');
    expect(T.es('members.search.total', { count: 240 })).toBe('240 socios en total');
  });

  it('names each field another desk changed meanwhile, kept as it is there', () => {
    expect(T.en('members.saved.changedElsewhere')).toBe(
      'Changed at the library system since you opened this member, and kept as it is there:',
    );
    expect(T.es('members.saved.changedElsewhere')).toBe(
      'Cambiado en el sistema de la biblioteca desde que abrió esta ficha, y se ha mantenido como está allí:',
    );
    expect(T.en('members.saved.elsewhereNow', { field: 'Phone', now: '021 999' })).toBe(
      'Phone: now “021 999”.',
    );
    expect(T.es('members.saved.elsewhereNow', { field: 'Teléfono', now: '021 999' })).toBe(
      'Teléfono: ahora «021 999».',
    );
    expect(T.en('members.saved.elsewhereEmpty', { field: 'Phone' })).toBe('Phone: now empty.');
    expect(T.es('members.saved.elsewhereEmpty', { field: 'Teléfono' })).toBe(
      'Teléfono: ahora vacío.',
    );
  });

  it('explains where the status choices come from, or why the status is typed', () => {
    expect(T.en('members.edit.statusHint')).toBe(
      "The statuses this library system's members have now (the system publishes no list).",
    );
    expect(T.es('members.edit.statusHint')).toBe(
      'Los estados que tienen ahora los socios de este sistema de biblioteca (el sistema no publica una lista).',
    );
    expect(T.en('members.edit.statusTyped')).toBe(
      'The library system shows no member statuses to choose from: type the word it uses.',
    );
    expect(T.es('members.edit.statusTyped')).toBe(
      'El sistema de la biblioteca no muestra estados de socio entre los que elegir: escriba la palabra que usa.',
    );
    expect(T.en('members.issue.missing')).toBe(
      'Not sent: a save sends the whole member record, and this field was missing from it.',
    );
    expect(T.es('members.issue.missing')).toBe(
      'No se ha enviado: al guardar se envía la ficha completa, y faltaba este campo.',
    );
    expect(T.en('members.problem.unreadable')).toBe(
      'The library system answered, but the kiosk could not read its answer. Try again; if it keeps happening, see the Diagnostics screen.',
    );
    expect(T.es('members.problem.unreadable')).toBe(
      'El sistema de la biblioteca ha respondido, pero el quiosco no ha podido leer su respuesta. Vuelva a intentarlo; si sigue ocurriendo, vea la pantalla Diagnóstico.',
    );
  });

  it('says the library system cannot be reached, or the screen lost the kiosk, without a code', () => {
    expect(T.en('members.problem.unreachable')).toBe(
      'The library system cannot be reached just now. Check the network, then try again.',
    );
    expect(T.es('members.problem.unreachable')).toBe(
      'No se puede contactar con el sistema de la biblioteca en este momento. Compruebe la red y vuelva a intentarlo.',
    );
    expect(T.en('members.problem.unavailable')).toBe(
      'This screen lost its connection to the kiosk. Try again; if it keeps happening, restart the kiosk.',
    );
    expect(T.es('members.problem.unavailable')).toBe(
      'Esta pantalla ha perdido la conexión con el quiosco. Vuelva a intentarlo; si sigue ocurriendo, reinicie el quiosco.',
    );
  });

  it('no longer says that only the changed fields are sent', () => {
    for (const catalog of [en.members, es.members]) {
      expect(JSON.stringify(catalog)).not.toMatch(/Only the fields you change|Solo se envían/);
      expect(JSON.stringify(catalog)).not.toMatch(/active or blocked|active o blocked/);
    }
  });
});

describe('signing the kiosk out, word for word', () => {
  it('asks first, saying patrons cannot borrow until someone signs in again', () => {
    expect(T.en('console.signOut.title')).toBe('Sign the kiosk out?');
    expect(T.en('console.signOut.text')).toBe(
      'Patrons cannot borrow at this kiosk until someone signs it in again.',
    );
    expect([T.en('console.signOut.confirm'), T.en('console.signOut.cancel')]).toEqual([
      'Sign out',
      'Stay signed in',
    ]);
    expect(T.es('console.signOut.title')).toBe('¿Cerrar la sesión del quiosco?');
    expect(T.es('console.signOut.text')).toBe(
      'Los usuarios no podrán llevarse préstamos en este quiosco hasta que alguien vuelva a iniciar sesión.',
    );
    expect([T.es('console.signOut.confirm'), T.es('console.signOut.cancel')]).toEqual([
      'Cerrar sesión',
      'Mantener la sesión',
    ]);
  });
});
