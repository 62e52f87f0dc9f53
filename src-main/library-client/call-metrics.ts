import type { ServiceCallStatus } from '../metrics/kiosk-metrics';
import type { LibraryError } from '../library/library-error';

/** A call's status for its metric: ok, or its error's kind where the metric names it. */
export function serviceCallStatus(error: LibraryError | undefined): ServiceCallStatus {
  if (!error) return 'ok';
  switch (error.kind) {
    case 'refused':
    case 'unreachable':
    case 'timeout':
    case 'malformed-response':
      return error.kind;
    case 'auth-required':
      return 'unauthorized';
    default:
      return 'other';
  }
}

/**
 * The service's clock minus the kiosk's, in seconds, from an answer's `Date` header (one-second
 * resolution); undefined without a readable one.
 */
export function clockSkewSeconds(dateHeader: string | null, nowMs: number): number | undefined {
  if (!dateHeader) return undefined;
  const serviceMs = Date.parse(dateHeader);
  if (Number.isNaN(serviceMs)) return undefined;
  return (serviceMs - nowMs) / 1000;
}
