import { describe, expect, it } from 'vitest';
import type { Language, Routing } from '../../../src-common/ipc/contract';
import { messageWords } from '../../../src-renderer/lib/messages';
import { routingWords } from '../../../src-renderer/lib/routing-words';
import { attractOffer } from '../../../src-renderer/patron/attract-offer';
import { translators } from '../../support/catalog-words';

/** Every line a SIP2 back end adds to the patron's screens, word for word in both languages. */

const say = (
  language: Language,
  words: {
    key: Parameters<(typeof translators)['en']>[0];
    params?: Record<string, string | number>;
  },
) => translators[language](words.key, words.params);

describe('SIP2 words: the PIN screen', () => {
  it.each<[string, Record<Language, string>, () => Parameters<typeof say>[1]]>([
    ['title', { en: 'Type your PIN', es: 'Escriba su PIN' }, () => ({ key: 'sip2.pin.title' })],
    [
      'what to do',
      {
        en: "Type your card's PIN on the keypad, then press OK.",
        es: 'Escriba el PIN de su carné en el teclado y pulse Aceptar.',
      },
      () => ({ key: 'sip2.pin.hint' }),
    ],
    ['OK', { en: 'OK', es: 'Aceptar' }, () => ({ key: 'sip2.pin.ok' })],
    ['Delete', { en: 'Delete', es: 'Borrar' }, () => ({ key: 'sip2.pin.delete' })],
    ['Clear', { en: 'Clear', es: 'Borrar todo' }, () => ({ key: 'sip2.pin.clear' })],
    [
      'wrong, 2 tries left',
      {
        en: 'That PIN is not right. Please try again: you have 2 more tries.',
        es: 'Ese PIN no es correcto. Inténtelo de nuevo: le quedan 2 intentos.',
      },
      () => ({ key: 'sip2.pin.wrong', params: { count: 2 } }),
    ],
    [
      'wrong, 1 try left',
      {
        en: 'That PIN is not right. Please try again: you have 1 more try.',
        es: 'Ese PIN no es correcto. Inténtelo de nuevo: le queda 1 intento.',
      },
      () => ({ key: 'sip2.pin.wrong', params: { count: 1 } }),
    ],
  ])('%s', (_label, expected, words) => {
    expect(say('en', words())).toBe(expected.en);
    expect(say('es', words())).toBe(expected.es);
  });
});

describe('SIP2 words: notices', () => {
  it.each<[string, Parameters<typeof messageWords>[0], Record<Language, string>]>([
    [
      'three wrong PINs',
      { kind: 'pin-tries-used' },
      {
        en: 'That PIN was not right three times. Please ask staff at the desk for help.',
        es: 'El PIN no fue correcto tres veces. Pida ayuda al personal del mostrador.',
      },
    ],
    [
      'no loans at the kiosk now',
      { kind: 'check-out-not-offered' },
      {
        en: 'Borrowing at the kiosk is not available right now. Please see staff at the desk.',
        es: 'Los préstamos en el quiosco no están disponibles en este momento. Diríjase al personal del mostrador.',
      },
    ],
    [
      "the system's refusal in its own words, under the kiosk's plain heading",
      { kind: 'refused', code: 'other', serviceText: 'Item is reserved for another patron' },
      {
        en: 'The library service could not do this.',
        es: 'El servicio de la biblioteca no pudo hacerlo.',
      },
    ],
  ])('%s', (_label, message, expected) => {
    const words = messageWords(message);
    expect(say('en', words)).toBe(expected.en);
    expect(say('es', words)).toBe(expected.es);
  });

  it("keeps the system's refusal words as they came, for the screen to show beside the heading", () => {
    expect(
      messageWords({ kind: 'refused', code: 'other', serviceText: ' Item is reserved ' }),
    ).toEqual({ key: 'message.refusal.other', serviceText: 'Item is reserved' });
  });
});

describe('SIP2 words: where a returned item goes', () => {
  it.each<[string, Routing, Record<Language, string>]>([
    [
      'a hold with its sort bin',
      { alert: 'hold', sortBin: 'Holds' },
      {
        en: "Please put this item on the trolley marked 'Holds'",
        es: 'Deje este ejemplar en el carro marcado «Holds», por favor',
      },
    ],
    [
      'any alert with a sort bin: the bin',
      { alert: 'transit', sortBin: 'Trolley 2', destination: 'Riverside' },
      {
        en: "Please put this item on the trolley marked 'Trolley 2'",
        es: 'Deje este ejemplar en el carro marcado «Trolley 2», por favor',
      },
    ],
    [
      'a hold without a bin',
      { alert: 'hold' },
      {
        en: 'Someone is waiting for this item. Please give it to staff at the desk.',
        es: 'Otra persona espera este ejemplar. Entréguelo al personal del mostrador, por favor.',
      },
    ],
    [
      'a transit with its destination',
      { alert: 'transit', destination: 'Riverside Branch' },
      {
        en: 'This item goes to Riverside Branch. Please give it to staff at the desk.',
        es: 'Este ejemplar va a Riverside Branch. Entréguelo al personal del mostrador, por favor.',
      },
    ],
    [
      'a hold for another library, with its destination',
      { alert: 'hold-transit', destination: 'Riverside Branch' },
      {
        en: 'This item goes to Riverside Branch. Please give it to staff at the desk.',
        es: 'Este ejemplar va a Riverside Branch. Entréguelo al personal del mostrador, por favor.',
      },
    ],
    [
      'a transit without a destination',
      { alert: 'transit' },
      {
        en: 'This item goes to another library. Please give it to staff at the desk.',
        es: 'Este ejemplar va a otra biblioteca. Entréguelo al personal del mostrador, por favor.',
      },
    ],
    [
      'another alert',
      { alert: 'other' },
      {
        en: 'Please give this item to staff at the desk.',
        es: 'Entregue este ejemplar al personal del mostrador, por favor.',
      },
    ],
  ])('%s', (_label, routing, expected) => {
    expect(say('en', routingWords(routing))).toBe(expected.en);
    expect(say('es', routingWords(routing))).toBe(expected.es);
  });

  it("the label before the system's own words", () => {
    expect(say('en', { key: 'sip2.systemSays' })).toBe('The library system says:');
    expect(say('es', { key: 'sip2.systemSays' })).toBe('El sistema de la biblioteca dice:');
  });
});

describe('SIP2 words: the attract screen by what the system takes', () => {
  it.each<[string, boolean, boolean, object, Record<Language, string> | undefined]>([
    [
      'returns only',
      false,
      true,
      { cardScan: false, returns: true, closed: false },
      {
        en: 'Borrowing at the kiosk is not available right now. Returns are still taken.',
        es: 'Los préstamos en el quiosco no están disponibles en este momento. Las devoluciones se siguen aceptando.',
      },
    ],
    [
      'loans only',
      true,
      false,
      { cardScan: true, returns: false, closed: false },
      {
        en: 'Returns at the kiosk are not available right now: please see staff to return items.',
        es: 'Las devoluciones en el quiosco no están disponibles en este momento: diríjase al personal para devolver ejemplares.',
      },
    ],
    ['neither', false, false, { cardScan: false, returns: false, closed: true }, undefined],
  ])('%s', (_label, checkOut, checkIn, offer, banner) => {
    const result = attractOffer(undefined, { checkOut, checkIn });
    expect(result).toMatchObject(offer);
    if (banner && result.banner) {
      expect(say('en', { key: result.banner })).toBe(banner.en);
      expect(say('es', { key: result.banner })).toBe(banner.es);
    } else expect(result.banner).toBeUndefined();
    expect(result.closedHint).toBe('sip2.attract.closedHint');
  });

  it('closed: what the screen says under its title', () => {
    const hint = attractOffer(undefined, { checkOut: false, checkIn: false }).closedHint;
    expect(hint && say('en', { key: hint })).toBe(
      'The library system is not taking loans or returns at the kiosk. Please see staff at the desk.',
    );
    expect(hint && say('es', { key: hint })).toBe(
      'El sistema de la biblioteca no acepta préstamos ni devoluciones en el quiosco. Diríjase al personal del mostrador.',
    );
  });

  it('offline, the offline words whatever the system said last', () => {
    const offer = attractOffer(
      { checkOut: true, checkIn: false },
      { checkOut: false, checkIn: true },
    );
    expect(offer).toMatchObject({
      cardScan: true,
      returns: false,
      banner: 'attract.offline.checkOutOnly',
    });
    expect(offer.closedHint).toBeUndefined();
  });
});
