import type { PublishFailure } from '../../../../src-common/ipc/console/documents';
import type { PublishError } from '../../../library-client/publish';
import { INSECURE_UPLOAD_ADDRESS } from '../../../library-client/schemas/publisher';

export interface FailureContext {
  /** A document id was given (the 400 may be about it, not the name). */
  withDocid: boolean;
  /** The upload signature's own expiry, when the ticket said. */
  signatureExpiresAt?: Date;
  now: Date;
}

/**
 * What staff are told about a failed publish. The interface's only 400 on create is a short name;
 * a 403 on upload is a refused signature, and an expired one when the signature's stated expiry
 * has passed (Azure answers both with the same status and code).
 */
export function publishFailureOf(error: PublishError, context: FailureContext): PublishFailure {
  switch (error.kind) {
    case 'refused':
      if (error.operation === 'createDocument') {
        return error.status === 400 && !context.withDocid ? 'name-refused' : 'create-refused';
      }
      if (error.status === 403) {
        const expiry = context.signatureExpiresAt;
        return expiry && expiry.getTime() <= context.now.getTime()
          ? 'ticket-expired'
          : 'signature-refused';
      }
      return 'upload-refused';
    case 'malformed-response':
      // Refused before a byte was sent: the ticket's address would carry the file in clear.
      return error.issue === INSECURE_UPLOAD_ADDRESS ? 'upload-address-insecure' : 'other';
    case 'unreachable':
      return 'unreachable';
    case 'timeout':
      return 'timeout';
    case 'file-unreadable':
      return 'file-unreadable';
    case 'auth-required':
      return 'sign-in';
    case 'cancelled':
    case 'redirected':
    case 'mismatched-answer':
    case 'too-large':
    case 'invalid-argument':
      return 'other';
  }
}
