import type { ConsoleAnswer, ConsoleProblem } from '../../../src-common/ipc/console/answer';
import type { LibraryError } from '../../library/library-error';
import { libraryProblem } from '../../library/library-problem';
import type { UploadError } from '../../library-client/upload';
import type { Result } from '../../../src-common/result';

export function answered<T>(value: T): ConsoleAnswer<T> {
  return { ok: true, value };
}

export function failed(problem: ConsoleProblem): ConsoleAnswer<never> {
  return { ok: false, error: problem };
}

/** A service error as staff see it (library-problem.ts), or an upload's unreadable file. */
export function problemOf(error: LibraryError | UploadError): ConsoleProblem {
  return error.kind === 'file-unreadable'
    ? { kind: 'unavailable', reason: `file-unreadable: ${error.cause}` }
    : libraryProblem(error);
}

/** A service client result as a console answer. */
export function fromService<T>(result: Result<T, LibraryError | UploadError>): ConsoleAnswer<T> {
  return result.ok ? answered(result.value) : failed(problemOf(result.error));
}
