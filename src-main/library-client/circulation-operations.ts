import type { ItemBarcode, MemberBarcode } from '../../src-common/barcodes';
import { createLogger } from '../../src-shared/log/logger';
import { err, ok } from '../../src-common/result';
import { readCirculationResult } from './reader/records';
import type { Read } from './reader/records';
import { answerShape } from './reader/shape';
import type { CirculationResult } from '../library/records';
import { UNKNOWN } from '../library/values';
import type { Reading } from './reader/view';
import type { CheckInRequest, CheckOutRequest } from './schemas/circulation';
import type { CallOptions, ServiceCaller, LibraryResult } from './service-call';
import type { RestLibraryClient } from './client';

// Check-out and check-in: what is sent, and when an answer counts as this request's success. A
// 2xx is the transaction done whatever details it lacks; one naming another item or card is not.

const log = createLogger('service:client');

/** Barcodes as a scanner or a service may spell them: surrounding blanks and case aside. */
const sameBarcode = (a: string, b: string): boolean =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A circulation answer that names another item or card than the request is not this request's
 * success (a proxy or a misrouted call answered for someone else); one that names none is.
 */
function matchingAnswer(
  operation: 'checkOut' | 'checkIn',
  sent: { itemBarcode: string; memberBarcode?: string },
  result: LibraryResult<CirculationResult>,
): LibraryResult<CirculationResult> {
  if (!result.ok) return result;
  const { itemBarcode, memberBarcode } = result.value;
  const field =
    itemBarcode !== undefined && !sameBarcode(itemBarcode, sent.itemBarcode)
      ? 'itemBarcode'
      : memberBarcode !== undefined &&
          sent.memberBarcode !== undefined &&
          !sameBarcode(memberBarcode, sent.memberBarcode)
        ? 'memberBarcode'
        : undefined;
  if (field === undefined) return result;
  log.warn('the answer names another item or card than the request', { operation, field });
  // The service acted on something, but what is not known: staff must look.
  return err({ kind: 'mismatched-answer', operation, field, outcome: 'unknown' });
}

/**
 * After a 2xx the transaction is done: missing details are logged by shape, never an error. The
 * answer is read as of when it came (`reading` is asked then).
 */
const circulationResult =
  (kind: 'checkOut' | 'checkIn', reading: () => Reading) =>
  (body: unknown, headers: Headers, text: string): Read<CirculationResult> => {
    const value = readCirculationResult(kind, body, reading());
    const missing: string[] = [];
    if (kind === 'checkOut' && value.dueDate === UNKNOWN) missing.push('dueDate');
    if (kind === 'checkIn' && value.fine === UNKNOWN) missing.push('fine');
    // An item returned on time needs no overdue date; a late one, or one that may be, does.
    if (kind === 'checkIn' && value.overdueDate === UNKNOWN && value.overdue !== false)
      missing.push('overdueDate');
    if (missing.length > 0) {
      log.warn('accepted, but the answer lacks details', {
        operation: kind,
        missing,
        shape: answerShape(body, headers, text),
      });
    }
    return ok(value);
  };

export function circulationOperations(
  caller: ServiceCaller,
): Pick<RestLibraryClient, 'checkOut' | 'checkIn'> {
  const { circulate, reading } = caller;
  return {
    /** Never retried here: on 'unknown' outcome the caller reconciles before trying again. */
    checkOut: (
      loan: { itemBarcode: ItemBarcode; memberBarcode: MemberBarcode },
      opts: CallOptions = {},
    ): Promise<LibraryResult<CirculationResult>> =>
      circulate({
        operation: 'checkOut',
        path: '/api/checkout',
        body: {
          ItemBarcode: loan.itemBarcode,
          UserBarcode: loan.memberBarcode,
        } satisfies CheckOutRequest,
        read: circulationResult('checkOut', () => reading(opts)),
        signal: opts.signal,
      }).then((result) => matchingAnswer('checkOut', loan, result)),

    /** Never retried here: on 'unknown' outcome the caller reconciles before trying again. */
    checkIn: (
      itemBarcode: ItemBarcode,
      opts: CallOptions = {},
    ): Promise<LibraryResult<CirculationResult>> =>
      circulate({
        operation: 'checkIn',
        path: '/api/checkin',
        body: { ItemBarcode: itemBarcode } satisfies CheckInRequest,
        read: circulationResult('checkIn', () => reading(opts)),
        signal: opts.signal,
      }).then((result) => matchingAnswer('checkIn', { itemBarcode }, result)),
  };
}
