import { parseCommandLine } from './args';
import type { CommandName } from './args';
import type { Command } from './command';
import { login, logout, whoami } from './commands/auth-commands';
import { checkin, checkout } from './commands/circulation-commands';
import { branches, member, members, memberTypes, updateMember } from './commands/member-commands';
import { probe } from './commands/probe-command';
import { publish } from './commands/publish-command';
import { setPin } from './commands/set-pin-command';
import { clearPinLockoutCommand } from './commands/clear-pin-lockout-command';
import { setClientSecret } from './commands/client-secret-command';
import { createCliContext } from './context';
import { EXIT } from './exit-codes';
import type { ExitCode } from './exit-codes';
import { createOutput } from './output';
import type { Streams } from './output';
import { USAGE } from './usage';

const COMMANDS: Record<Exclude<CommandName, 'help'>, Command> = {
  login,
  logout,
  whoami,
  member,
  members,
  branches,
  'member-types': memberTypes,
  'update-member': updateMember,
  checkout,
  checkin,
  publish,
  'set-pin': setPin,
  'clear-pin-lockout': clearPinLockoutCommand,
  'set-client-secret': setClientSecret,
  probe,
};

export async function main(
  argv: string[],
  env: Record<string, string | undefined>,
  streams: Streams,
  signal: AbortSignal,
): Promise<ExitCode> {
  const outcome = parseCommandLine(argv);
  if (!outcome.ok) {
    streams.stderr.write(`error: ${outcome.message}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  const { parsed } = outcome;
  if (parsed.command === 'help' || parsed.help) {
    streams.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  return COMMANDS[parsed.command]({
    parsed,
    output: createOutput(parsed.json, streams),
    streams,
    env,
    signal,
    connect: (loopbackRedirectUri) => createCliContext(env, loopbackRedirectUri),
  });
}
