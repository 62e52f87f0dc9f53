import type { StaffAuth } from '../../auth/staff-auth';
import type { RestLibraryClient } from '../../library-client/client';
import type { LibraryError } from '../../library/library-error';
import type { Result } from '../../../src-common/result';
import type { UploadError } from '../../library-client/upload';
import type { CommandInput } from '../command';
import { EXIT, exitCodeOf } from '../exit-codes';
import type { ExitCode } from '../exit-codes';
import { serviceFailure } from '../output';

/**
 * Runs one service call with the stored staff tokens and prints its value or its typed error.
 * When the call needed sign-in, the staff-facing reason (session ended, refresh refused) is shown.
 */
export async function withStaffClient<T>(
  input: CommandInput,
  call: (
    client: RestLibraryClient,
    auth: StaffAuth,
  ) => Promise<Result<T, LibraryError | UploadError>>,
  human: (value: T) => string,
): Promise<ExitCode> {
  const context = await input.connect();
  if (!context.ok) {
    input.output.failure(context.error.kind, context.error.message);
    return context.error.exit;
  }
  const { auth } = context.value;
  try {
    const result = await call(auth.client, auth);
    if (result.ok) {
      input.output.result(result.value, () => human(result.value));
      return EXIT.ok;
    }
    const message = auth.status().message;
    if (result.error.kind === 'auth-required') {
      const reason = result.error.reason;
      const text = message?.text ?? 'Staff sign-in needed: run `library-kiosk login`.';
      input.output.failure('auth-required', text, { reason, operation: result.error.operation });
    } else serviceFailure(input.output, result.error);
    return exitCodeOf(result.error);
  } finally {
    auth.dispose();
  }
}

export function usage(input: CommandInput, text: string): ExitCode {
  input.output.failure('usage', text);
  return EXIT.usage;
}
