import type { ParsedCommand } from './args';
import type { CliContext, CliSetupFailure } from './context';
import type { ExitCode } from './exit-codes';
import type { Output, Streams } from './output';
import type { Result } from '../../src-common/result';

export interface CommandInput {
  parsed: ParsedCommand;
  output: Output;
  streams: Streams;
  env: Record<string, string | undefined>;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  /** Builds settings, vault and auth; the loopback redirect URI applies to login only. */
  connect(loopbackRedirectUri?: string): Promise<Result<CliContext, CliSetupFailure>>;
}

export type Command = (input: CommandInput) => Promise<ExitCode>;
