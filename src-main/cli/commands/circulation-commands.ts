import type { Command } from '../command';
import { usage, withService } from './with-service';

export const checkout: Command = (input) => {
  const [itemBarcode, userBarcode, ...extra] = input.parsed.positionals;
  if (!itemBarcode || !userBarcode || extra.length > 0) {
    return Promise.resolve(usage(input, 'usage: checkout <item-barcode> <member-barcode>'));
  }
  return withService(
    input,
    (client) => client.checkOut({ itemBarcode, userBarcode }, { signal: input.signal }),
    (result) =>
      `${result.Renewed ? 'renewed' : 'checked out'} ${result.ItemBarcode ?? itemBarcode}${result.Title ? ` (${result.Title})` : ''}, due ${result.DueDate}`,
  );
};

export const checkin: Command = (input) => {
  const [itemBarcode, ...extra] = input.parsed.positionals;
  if (!itemBarcode || extra.length > 0)
    return Promise.resolve(usage(input, 'usage: checkin <item-barcode>'));
  return withService(
    input,
    (client) => client.checkIn(itemBarcode, { signal: input.signal }),
    (result) => {
      const base = `checked in ${result.ItemBarcode ?? itemBarcode}${result.Title ? ` (${result.Title})` : ''}`;
      return result.OverdueDate
        ? `${base}: overdue since ${result.OverdueDate}, fine ${result.Fine.toFixed(2)} ${result.Currency}`
        : `${base}: on time`;
    },
  );
};
