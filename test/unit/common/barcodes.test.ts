import { describe, expect, it } from 'vitest';
import {
  itemBarcodeOf,
  memberBarcodeOf,
  type ItemBarcode,
  type MemberBarcode,
} from '../../../src-common/barcodes';
import type { CirculationPort } from '../../../src-main/library/circulation-port';
import type { OfflineKnowledge } from '../../../src-main/circulation/offline/offline-knowledge';
import { asItem, asMember } from '../../support/barcodes';

describe('barcodes', () => {
  it('makes a member or an item barcode of text of 1 to 256 characters, unchanged', () => {
    expect(memberBarcodeOf('24410000000013')).toBe('24410000000013');
    expect(itemBarcodeOf('31234000000050')).toBe('31234000000050');
    expect(memberBarcodeOf(' A 1 ')).toBe(' A 1 ');
    expect(itemBarcodeOf('x'.repeat(256))).toBe('x'.repeat(256));
  });

  it('makes none of empty text, text over 256 characters, or nothing', () => {
    expect(memberBarcodeOf('')).toBeUndefined();
    expect(itemBarcodeOf('')).toBeUndefined();
    expect(memberBarcodeOf('1'.repeat(257))).toBeUndefined();
    expect(itemBarcodeOf('1'.repeat(257))).toBeUndefined();
    expect(memberBarcodeOf(undefined)).toBeUndefined();
  });

  it("the tests' helpers refuse what is no barcode rather than pass it on", () => {
    expect(() => asMember('')).toThrow('not a member barcode: ""');
    expect(() => asItem('')).toThrow('not an item barcode: ""');
  });
});

/**
 * What the compiler refuses: `npm run typecheck` fails if one of the lines under
 * `@ts-expect-error` ever compiles (an unused directive is an error), so each is proved.
 */
describe('barcode types', () => {
  const card = asMember('24410000000013');
  const book = asItem('31234000000050');

  it('a member barcode is not an item barcode, and neither is plain text', () => {
    const port = {} as Pick<CirculationPort, 'checkIn' | 'checkOut' | 'memberByBarcode'>;
    const knowledge = {} as Pick<OfflineKnowledge, 'blockOf'>;
    const typeChecks = () => {
      // @ts-expect-error a member's barcode where an item's is expected
      void port.checkIn(card);
      // @ts-expect-error an item's barcode where a member's is expected
      void port.memberByBarcode(book);
      // @ts-expect-error the two swapped in a check-out
      void port.checkOut({ itemBarcode: card, memberBarcode: book });
      // @ts-expect-error scanned text that was never made a barcode
      void port.checkIn('31234000000050');
      // @ts-expect-error the offline knowledge takes a card's barcode, not an item's
      knowledge.blockOf(book, 0);
      const asText: string = card;
      // @ts-expect-error a barcode is text, but text is no barcode
      const back: MemberBarcode = asText;
      // @ts-expect-error nor is one kind the other
      const other: ItemBarcode = card;
      void port.checkOut({ itemBarcode: book, memberBarcode: card });
      return [back, other];
    };
    expect(typeof typeChecks).toBe('function');
  });
});
