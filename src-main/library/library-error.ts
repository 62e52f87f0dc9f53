import { byteSize } from '../../src-shared/byte-size';

/** Stable names of the service operations, used in errors, logs and the staff screen. */
export type OperationName = ServiceOperationName | Sip2OperationName;

/** The library service interface's operations (the REST client has each of them). */
export type ServiceOperationName =
  | 'getUserInfo'
  | 'listMembers'
  | 'getMember'
  | 'listBranches'
  | 'listMemberTypes'
  | 'updateMember'
  | 'memberByBarcode'
  | 'memberByEmail'
  | 'checkOut'
  | 'checkIn'
  | 'createDocument'
  | 'uploadFile';

/** What only the SIP2 client does (library-client/sip2): a PIN check, a session's end, ACS and item status. */
export type Sip2OperationName = 'memberWithPin' | 'endSession' | 'acsStatus' | 'itemInformation';

/**
 * What is known about a failed request's effect on the service. It matters for check-out and
 * check-in: 'unknown' means the request may have been applied and must be reconciled, never
 * retried blindly; 'applied' means the service reported success but its answer was unreadable.
 */
export type RequestEffect = 'not-applied' | 'unknown' | 'applied';

/** Why an authenticated call could not carry a valid access token. */
export type AuthRequiredReason =
  'signed-out' | 'sign-in-needed' | 'token-rejected' | 'auth-server-unreachable';

export type LibraryError =
  | {
      kind: 'refused';
      operation: OperationName;
      status: number;
      /** The service's stable error code (e.g. `member_blocked`), when the body had one. */
      code?: string;
      /** The service's human text, for logs and staff screens, never parsed. */
      message?: string;
      outcome: RequestEffect;
    }
  | {
      kind: 'auth-required';
      operation: OperationName;
      reason: AuthRequiredReason;
      outcome: RequestEffect;
    }
  | {
      kind: 'unreachable';
      operation: OperationName;
      /** Network error code (ECONNREFUSED, ...) or the gateway status that stood in for the service. */
      cause: string;
      outcome: RequestEffect;
    }
  | { kind: 'timeout'; operation: OperationName; timeoutMs: number; outcome: RequestEffect }
  | {
      kind: 'malformed-response';
      operation: OperationName;
      status: number;
      /** Which part of the answer did not fit, e.g. `DueDate: expected string`. No body values. */
      issue: string;
      outcome: RequestEffect;
    }
  | { kind: 'cancelled'; operation: OperationName; outcome: RequestEffect }
  | {
      /**
       * The service answered with a redirect, which the kiosk never follows: it would re-send the
       * card and item barcodes (and the token) wherever the answer points.
       */
      kind: 'redirected';
      operation: OperationName;
      status: number;
      /** The origin the answer pointed to (`https://host:port`), or `none` without a Location. */
      target: string;
      outcome: RequestEffect;
    }
  | {
      /**
       * A 2xx whose answer names another item or card than the request: never a success, since
       * the kiosk cannot tell what the service did.
       */
      kind: 'mismatched-answer';
      operation: OperationName;
      /** Which concept differed, e.g. `itemBarcode`. No barcodes: they are patron data. */
      field: 'itemBarcode' | 'memberBarcode';
      outcome: RequestEffect;
    }
  | {
      /**
       * The answer was longer than `service.maxAnswerBytes`: read no further, so one answer cannot
       * fill the kiosk's memory or hold its event loop.
       */
      kind: 'too-large';
      operation: OperationName;
      status: number;
      /** The cap in bytes, named in every message about it. */
      limitBytes: number;
      outcome: RequestEffect;
    }
  | {
      /** The call was not sent: an argument cannot be put in the request as it is. */
      kind: 'invalid-argument';
      operation: OperationName;
      /** Which argument and why, e.g. `memberId: empty, "." or ".." path segment`. */
      issue: string;
      outcome: 'not-applied';
    };

export type LibraryErrorKind = LibraryError['kind'];

/**
 * A call not sent because text handed to the kiosk is no barcode (src-common/barcodes.ts): the
 * same refusal a client gives an argument it cannot put in a request.
 */
export function notABarcode(
  operation: OperationName,
  argument: 'memberBarcode' | 'itemBarcode',
): LibraryError {
  return {
    kind: 'invalid-argument',
    operation,
    issue: `${argument}: not a barcode`,
    outcome: 'not-applied',
  };
}

/**
 * The refusal code of a card lookup whose PIN was not accepted, where the back end answers a wrong
 * PIN as an invalid patron (SIP2's BL N with CQ N): the PIN screen's "not right", never "unknown
 * card", and never a patron's words (it is caught before any is shown).
 */
export const PIN_NOT_ACCEPTED = 'pin_not_accepted';

// Failures before the connection was established: the request never reached the service.
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** The system error code behind a fetch or http failure (fetch wraps it in `cause`). */
export function networkCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return 'network-error';
}

/** What a status says was done: a 2xx acted, a 4xx declined before acting, a 5xx may have failed half-way. */
export function outcomeOfStatus(status: number): RequestEffect {
  if (status >= 200 && status < 300) return 'applied';
  return status >= 400 && status < 500 ? 'not-applied' : 'unknown';
}

export function outcomeOfNetworkFailure(code: string): RequestEffect {
  return NOT_CONNECTED.has(code) ? 'not-applied' : 'unknown';
}

/** One English line for the CLI and logs; the renderer translates from `kind` and `code` instead. */
export function describeLibraryError(error: LibraryError): string {
  switch (error.kind) {
    case 'refused':
      return `${error.operation} refused (${error.status}${error.code ? ` ${error.code}` : ''})${
        error.message ? `: ${error.message}` : ''
      }`;
    case 'auth-required':
      return `${error.operation}: staff sign-in needed (${error.reason})`;
    case 'unreachable':
      return `${error.operation}: service unreachable (${error.cause})`;
    case 'timeout':
      return `${error.operation}: no answer within ${error.timeoutMs} ms`;
    case 'malformed-response':
      return `${error.operation}: unexpected answer from the service (${error.issue})`;
    case 'cancelled':
      return `${error.operation}: cancelled`;
    case 'redirected':
      return `${error.operation}: service error, the answer redirected to ${error.target} (${error.status}); not followed`;
    case 'mismatched-answer':
      return `${error.operation}: service error, the answer names another ${
        error.field === 'itemBarcode' ? 'item' : 'card'
      } than the request`;
    case 'too-large':
      return `${error.operation}: service error, the answer (${error.status}) is larger than ${byteSize(
        error.limitBytes,
      )} (service.maxAnswerBytes); not read`;
    case 'invalid-argument':
      return `${error.operation}: not sent, ${error.issue}`;
  }
}
