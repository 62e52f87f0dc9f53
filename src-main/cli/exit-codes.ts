import type { AuthProblem } from '../auth/messages';
import type { LibraryError } from '../library/library-error';
import type { UploadError } from '../library-client/upload';
import { EXIT, type ExitCode } from '../../src-shared/exit-codes';

// The table is src-shared's, shared by every process; what a command's error ends with is here.
export { EXIT, type ExitCode } from '../../src-shared/exit-codes';

export function exitCodeOf(error: LibraryError | UploadError): ExitCode {
  switch (error.kind) {
    case 'refused':
      return EXIT.refused;
    case 'auth-required':
      return EXIT.authNeeded;
    case 'unreachable':
    case 'timeout':
      return EXIT.unreachable;
    case 'malformed-response':
    case 'redirected':
    case 'mismatched-answer':
    case 'too-large':
      return EXIT.malformed;
    case 'cancelled':
      return EXIT.cancelled;
    case 'file-unreadable':
    case 'invalid-argument':
      return EXIT.usage;
  }
}

export function exitCodeOfAuthProblem(problem: AuthProblem): ExitCode {
  switch (problem.kind) {
    case 'auth.unreachable':
      return EXIT.unreachable;
    case 'auth.unexpected-response':
      return EXIT.malformed;
    default:
      return EXIT.authNeeded;
  }
}
