import { parseCommandLine } from './args';
import type { CommandName } from './args';
import type { Command } from './command';
import { EXIT } from './exit-codes';
import type { ExitCode } from './exit-codes';
import { createOutput } from './output';
import type { Streams } from './output';
import { USAGE } from './usage';

/**
 * Each command's module, loaded when that command runs: `set-pin` and `clear-pin-lockout` read
 * the settings and the data folder only, so they never load the service client, the staff
 * sign-in or the vault; `--help` loads no command at all.
 */
const COMMANDS: Record<Exclude<CommandName, 'help'>, () => Promise<Command>> = {
  login: async () => (await import('./commands/auth-commands')).login,
  logout: async () => (await import('./commands/auth-commands')).logout,
  whoami: async () => (await import('./commands/auth-commands')).whoami,
  member: async () => (await import('./commands/member-commands')).member,
  members: async () => (await import('./commands/member-commands')).members,
  branches: async () => (await import('./commands/member-commands')).branches,
  'member-types': async () => (await import('./commands/member-commands')).memberTypes,
  'update-member': async () => (await import('./commands/member-commands')).updateMember,
  checkout: async () => (await import('./commands/circulation-commands')).checkout,
  checkin: async () => (await import('./commands/circulation-commands')).checkin,
  publish: async () => (await import('./commands/publish-command')).publish,
  'set-pin': async () => (await import('./commands/set-pin-command')).setPin,
  'clear-pin-lockout': async () =>
    (await import('./commands/clear-pin-lockout-command')).clearPinLockoutCommand,
  'staff-card': async () => (await import('./commands/staff-card-command')).staffCard,
  'set-client-secret': async () =>
    (await import('./commands/client-secret-command')).setClientSecret,
  'set-sip2-password': async () =>
    (await import('./commands/sip2-password-command')).setSip2Password,
  'set-smtp-password': async () =>
    (await import('./commands/smtp-password-command')).setSmtpPassword,
  'metrics-token': async () => (await import('./commands/metrics-token-command')).metricsToken,
  probe: async () => (await import('./commands/probe-command')).probe,
  'fleet-key': async () => (await import('./commands/fleet-commands')).fleetKey,
  'sign-settings': async () => (await import('./commands/fleet-commands')).signSettings,
};

export async function main(
  argv: string[],
  env: Record<string, string | undefined>,
  streams: Streams,
  signal: AbortSignal,
): Promise<ExitCode> {
  const outcome = parseCommandLine(argv);
  if (!outcome.ok) {
    streams.stderr.write(`error: ${outcome.error}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  const parsed = outcome.value;
  if (parsed.command === 'help' || parsed.help) {
    streams.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  const command = await COMMANDS[parsed.command]();
  return command({
    parsed,
    output: createOutput(parsed.json, streams),
    streams,
    env,
    signal,
    // Settings, keys, vault and staff auth: loaded only by the commands that call the service.
    connect: async (loopbackRedirectUri) =>
      (await import('./context')).createCliContext(env, loopbackRedirectUri),
  });
}
