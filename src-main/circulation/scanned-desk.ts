import {
  itemBarcodeOf,
  memberBarcodeOf,
  type ItemBarcode,
  type MemberBarcode,
} from '../../src-common/barcodes';
import { err } from '../../src-common/result';
import { notABarcode, type OperationName } from '../library/library-error';
import type { CirculationAnswer, CirculationDesk, IdentifyAnswer } from './circulation-port';

/**
 * The desk as the patron session calls it, with the scanned text its steps hold: the edge where
 * that text becomes a member's or an item's barcode (src-common/barcodes.ts), so everything from
 * the desk inward takes the branded types. Text that cannot be a barcode is not sent: the call
 * answers the client's own `invalid-argument`, as an empty argument always did.
 */
export interface ScannedDesk {
  identify(by: 'barcode' | 'email', value: string, pin?: string): Promise<IdentifyAnswer>;
  checkOut(request: {
    itemBarcode: string;
    memberBarcode: string;
    queuedInSession: number;
  }): Promise<CirculationAnswer>;
  checkIn(itemBarcode: string): Promise<CirculationAnswer>;
  renew(request: { itemBarcode: string; memberBarcode: string }): Promise<CirculationAnswer>;
}

const notBarcode = (operation: OperationName, argument: 'memberBarcode' | 'itemBarcode') =>
  err(notABarcode(operation, argument));

type Pair = { itemBarcode: ItemBarcode; memberBarcode: MemberBarcode };

/** Both barcodes of a check-out, or the answer that refuses the first that is not one. */
function pairOf(
  operation: OperationName,
  request: { itemBarcode: string; memberBarcode: string },
): Pair | CirculationAnswer {
  const itemBarcode = itemBarcodeOf(request.itemBarcode);
  if (!itemBarcode) return { via: 'service', result: notBarcode(operation, 'itemBarcode') };
  const memberBarcode = memberBarcodeOf(request.memberBarcode);
  if (!memberBarcode) return { via: 'service', result: notBarcode(operation, 'memberBarcode') };
  return { itemBarcode, memberBarcode };
}

// The desk's own promise is handed back, never wrapped in another: the session's answers arrive
// in as many ticks as before (session-driver.test.ts counts on it).
export function scannedDesk(desk: CirculationDesk): ScannedDesk {
  const answer = <T>(value: T) => Promise.resolve(value);
  return {
    identify(by, value, pin) {
      if (by === 'email') return desk.identify('email', value);
      const memberBarcode = memberBarcodeOf(value);
      return memberBarcode
        ? desk.identify('barcode', memberBarcode, pin)
        : answer({ via: 'service', result: notBarcode('memberByBarcode', 'memberBarcode') });
    },
    checkOut({ queuedInSession, ...request }) {
      const pair = pairOf('checkOut', request);
      return 'via' in pair ? answer(pair) : desk.checkOut({ ...pair, queuedInSession });
    },
    checkIn(text) {
      const itemBarcode = itemBarcodeOf(text);
      return itemBarcode
        ? desk.checkIn(itemBarcode)
        : answer({ via: 'service', result: notBarcode('checkIn', 'itemBarcode') });
    },
    renew(request) {
      const pair = pairOf('checkOut', request);
      return 'via' in pair ? answer(pair) : desk.renew(pair);
    },
  };
}
