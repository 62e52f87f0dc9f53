import { itemBarcodeOf, memberBarcodeOf } from '../../../src-common/barcodes';
import type { Command } from '../command';
import { checkInText, checkOutText } from '../record-text';
import { usage, withStaffClient } from './with-staff-client';

export const checkout: Command = (input) => {
  const [itemText, memberText, ...extra] = input.parsed.positionals;
  const itemBarcode = itemBarcodeOf(itemText);
  const memberBarcode = memberBarcodeOf(memberText);
  if (!itemBarcode || !memberBarcode || extra.length > 0) {
    return Promise.resolve(usage(input, 'usage: checkout <item-barcode> <member-barcode>'));
  }
  return withStaffClient(
    input,
    (client) => client.checkOut({ itemBarcode, memberBarcode }, { signal: input.signal }),
    (result) => checkOutText(result, itemBarcode),
  );
};

export const checkin: Command = (input) => {
  const [itemText, ...extra] = input.parsed.positionals;
  const itemBarcode = itemBarcodeOf(itemText);
  if (!itemBarcode || extra.length > 0)
    return Promise.resolve(usage(input, 'usage: checkin <item-barcode>'));
  return withStaffClient(
    input,
    (client) => client.checkIn(itemBarcode, { signal: input.signal }),
    (result) => checkInText(result, itemBarcode),
  );
};
