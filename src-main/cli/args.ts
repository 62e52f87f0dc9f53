import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { MEMBER_UPDATE_FIELDS } from '../../src-common/ipc/member-update';
import type { Result } from '../../src-common/result';
import { err, ok } from '../../src-common/result';

export const COMMANDS = [
  'login',
  'logout',
  'whoami',
  'member',
  'members',
  'branches',
  'member-types',
  'update-member',
  'checkout',
  'checkin',
  'publish',
  'set-pin',
  'clear-pin-lockout',
  'staff-card',
  'set-client-secret',
  'set-sip2-password',
  'set-smtp-password',
  'metrics-token',
  'probe',
  'fleet-key',
  'sign-settings',
  'help',
] as const;

export type CommandName = (typeof COMMANDS)[number];

const GLOBAL_OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

const memberUpdateOptions = Object.fromEntries(
  MEMBER_UPDATE_FIELDS.filter((field) => field !== 'Id').map((field) => [
    field,
    { type: 'string' as const },
  ]),
);

const COMMAND_OPTIONS: Record<CommandName, NonNullable<ParseArgsConfig['options']>> = {
  login: { 'no-browser': { type: 'boolean' }, 'timeout-seconds': { type: 'string' } },
  logout: {},
  whoami: {},
  member: { email: { type: 'string' } },
  members: { name: { type: 'string' }, size: { type: 'string' }, page: { type: 'string' } },
  branches: {},
  'member-types': {},
  'update-member': memberUpdateOptions,
  checkout: {},
  checkin: {},
  publish: { name: { type: 'string' }, docid: { type: 'string' } },
  'set-pin': {},
  'clear-pin-lockout': {},
  'staff-card': { remove: { type: 'boolean' } },
  'set-client-secret': { clear: { type: 'boolean' } },
  'set-sip2-password': { clear: { type: 'boolean' }, terminal: { type: 'boolean' } },
  'set-smtp-password': { clear: { type: 'boolean' } },
  'metrics-token': {},
  probe: {
    barcode: { type: 'string' },
    email: { type: 'string' },
    sip2: { type: 'boolean' },
    host: { type: 'string' },
    port: { type: 'string' },
    user: { type: 'string' },
    institution: { type: 'string' },
    location: { type: 'string' },
    terminator: { type: 'string' },
    checksums: { type: 'string' },
    encoding: { type: 'string' },
    tls: { type: 'boolean' },
    ca: { type: 'string' },
    'server-name': { type: 'string' },
    card: { type: 'string' },
    item: { type: 'string' },
    'timeout-ms': { type: 'string' },
    'idle-check': { type: 'boolean' },
  },
  'fleet-key': {},
  'sign-settings': {
    key: { type: 'string' },
    version: { type: 'string' },
    allow: { type: 'string' },
  },
  help: {},
};

export interface ParsedCommand {
  command: CommandName;
  positionals: string[];
  options: Record<string, string | boolean | undefined>;
  json: boolean;
  help: boolean;
}

/** The command to run, or the usage error's words (printed before the usage). */
export type ParseOutcome = Result<ParsedCommand, string>;

function isCommand(value: string | undefined): value is CommandName {
  return (COMMANDS as readonly string[]).includes(value ?? '');
}

export function parseCommandLine(argv: string[]): ParseOutcome {
  const name = argv.find((arg) => !arg.startsWith('-'));
  if (name === undefined) {
    return ok({ command: 'help', positionals: [], options: {}, json: false, help: true });
  }
  if (!isCommand(name)) return err(`unknown command '${name}'`);
  const rest = [...argv];
  rest.splice(rest.indexOf(name), 1);
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { ...GLOBAL_OPTIONS, ...COMMAND_OPTIONS[name] },
      allowPositionals: true,
      strict: true,
    });
    const { json, help, ...options } = values as Record<string, string | boolean | undefined>;
    return ok({ command: name, positionals, options, json: json === true, help: help === true });
  } catch (error) {
    return err((error as Error).message);
  }
}
