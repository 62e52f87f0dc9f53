import type { AuthProblem } from '../auth/messages';
import type { ServiceError } from '../library-client/errors';
import type { UploadError } from '../library-client/upload';

/** Documented in docs/sign-in-and-cli.md; scripts rely on these numbers. */
export const EXIT = {
  ok: 0,
  internal: 1,
  usage: 2,
  refused: 3,
  authNeeded: 4,
  unreachable: 5,
  malformed: 6,
  cancelled: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export function exitCodeOf(error: ServiceError | UploadError): ExitCode {
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
