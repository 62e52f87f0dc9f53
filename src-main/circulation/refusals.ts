import { RefusalCodeSchema } from '../../src-common/ipc/patron';
import type { PatronMessage, RefusalCode } from '../../src-common/ipc/patron';
import type { LibraryError } from '../library/library-error';

const SERVICE_TEXT_MAX = 300;

/** A service's code as one the kiosk has words for, or `other`. */
export function refusalCode(code: string | undefined): RefusalCode {
  const known = RefusalCodeSchema.safeParse(code);
  return known.success && known.data !== 'other' ? known.data : 'other';
}

/** A refusal in the patron's terms: the kiosk's own words where it knows the code. */
function refused(code: string | undefined, text: string | undefined): PatronMessage {
  const mapped = refusalCode(code);
  if (mapped !== 'other') return { kind: 'refused', code: mapped };
  return {
    kind: 'refused',
    code: 'other',
    ...(text ? { serviceText: text.slice(0, SERVICE_TEXT_MAX) } : {}),
  };
}

/**
 * Why a member lookup failed. A 404 without a code still means "no such member": a lookup by a
 * key has nothing else to not find.
 */
export function lookupMessage(error: LibraryError): PatronMessage {
  switch (error.kind) {
    case 'refused':
      if (error.code === undefined && error.status === 404) {
        return { kind: 'refused', code: 'member_not_found' };
      }
      // A server error is the service failing, not refusing this patron.
      if (refusalCode(error.code) === 'other' && error.status >= 500)
        return { kind: 'unavailable' };
      return refused(error.code, error.message);
    case 'invalid-argument':
      return { kind: 'refused', code: 'member_not_found' };
    case 'unreachable':
    case 'timeout':
    case 'auth-required':
    case 'malformed-response':
    case 'redirected':
    case 'mismatched-answer':
    case 'too-large':
    case 'cancelled':
      return { kind: 'unavailable' };
    default:
      return error satisfies never;
  }
}

/**
 * Why a check-out or check-in did not go through. After a failure whose effect is unknown (a
 * timeout once the request was sent) the patron must see staff: the item may be on their card.
 * Callers handle `outcome: 'applied'` first: that is a success with unreadable details.
 */
export function circulationMessage(error: LibraryError): PatronMessage {
  switch (error.kind) {
    case 'refused':
      // A 5xx without a code the kiosk knows may have been applied before the service failed.
      if (refusalCode(error.code) === 'other' && error.outcome === 'unknown') {
        return { kind: 'outcome-unknown' };
      }
      return refused(error.code, error.message);
    case 'invalid-argument':
      return { kind: 'refused', code: 'item_not_found' };
    case 'unreachable':
    case 'timeout':
    case 'auth-required':
    case 'malformed-response':
    case 'redirected':
    case 'mismatched-answer':
    case 'too-large':
    case 'cancelled':
      return error.outcome === 'unknown' ? { kind: 'outcome-unknown' } : { kind: 'unavailable' };
    default:
      return error satisfies never;
  }
}

/** The first of the service's block codes, in the kiosk's terms; the raw code is its own words. */
export function blockMessage(blocks: readonly string[]): PatronMessage | undefined {
  const [first] = blocks;
  if (first === undefined) return undefined;
  const known = blocks.map(refusalCode).find((code) => code !== 'other');
  return known ? { kind: 'refused', code: known } : refused(first, first);
}
