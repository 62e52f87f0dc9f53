import {
  itemBarcodeOf,
  memberBarcodeOf,
  type ItemBarcode,
  type MemberBarcode,
} from '../../src-common/barcodes';

/**
 * Barcodes for tests, made by the kiosk's own constructors (src-common/barcodes.ts): a test
 * writes `asMember('24410000000013')` where the code takes a MemberBarcode. Not a cast: a fixture
 * that is no barcode throws here. (Named so as not to shadow the `item`, `member` and
 * `itemBarcode(n)` fixtures many tests already have.)
 */
export function asMember(text: string): MemberBarcode {
  const barcode = memberBarcodeOf(text);
  if (barcode === undefined) throw new Error(`not a member barcode: ${JSON.stringify(text)}`);
  return barcode;
}

export function asItem(text: string): ItemBarcode {
  const barcode = itemBarcodeOf(text);
  if (barcode === undefined) throw new Error(`not an item barcode: ${JSON.stringify(text)}`);
  return barcode;
}

/**
 * Text the types forbid, for the tests of a guard that stays for callers the compiler does not
 * check (a blank barcode refused before anything is sent): the one place a test casts.
 */
export const unchecked = {
  member: (text: string) => text as MemberBarcode,
  item: (text: string) => text as ItemBarcode,
};
