import type { Command } from '../command';
import { checkInText, checkOutText } from '../record-text';
import { usage, withStaffClient } from './with-staff-client';

export const checkout: Command = (input) => {
  const [itemBarcode, memberBarcode, ...extra] = input.parsed.positionals;
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
  const [itemBarcode, ...extra] = input.parsed.positionals;
  if (!itemBarcode || extra.length > 0)
    return Promise.resolve(usage(input, 'usage: checkin <item-barcode>'));
  return withStaffClient(
    input,
    (client) => client.checkIn(itemBarcode, { signal: input.signal }),
    (result) => checkInText(result, itemBarcode),
  );
};
