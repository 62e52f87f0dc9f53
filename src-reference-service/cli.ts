import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readHiddenLine } from '../src-shared/read-hidden-line';
import { addStaffAccount } from './add-staff';
import { itemBarcode, memberBarcode } from './barcode';
import { BLOB_ACCOUNT_KEY_FILE } from './blob/account-key';
import { DEFAULT_PORTS, SIP2_DEMO_PINS } from './config';
import { DEMO_ITEMS, DEMO_MEMBERS } from './db/seed';
import { DIALECT_NAMES, dialectNameSchema, type DialectName } from './dialects';
import { MEMBER_PUT_MODES, type MemberPutMode } from './domain/members';
import { startService, type RunningService } from './index';
import { SIP2_ENCODINGS, type Sip2Encoding } from '../src-shared/sip2/encoding';
import { SIP2_DIALECT_NAMES, sip2DialectNameSchema, type Sip2DialectName } from './sip2/dialects';

const USAGE = `Usage: npm run service -- [options]
       npm run service -- add-staff --data-dir <dir> --username <u> --name <n> --email <e>
                         [--branch <id>] [--customer <id>]   (the password is read from stdin)

  --data-dir <dir>    where the database and blobs live (default .data/service)
  --reset             wipe the data dir and reseed the demo library
  --faults            enable fault knobs (PUT {auth_url}/__faults)
  --base-port <n>     API port (default ${DEFAULT_PORTS.base}; 0 = any free port)
  --auth-port <n>     OAuth port (default ${DEFAULT_PORTS.auth})
  --blob-port <n>     Azurite blob port (default ${DEFAULT_PORTS.blob})
  --token-ttl <s>     access token lifetime in seconds (default 3600)
  --dialect <name>    how the API spells its answers: ${DIALECT_NAMES.join(', ')}
                      (default reference, the documented one; see docs/service-api.md)
  --member-put <mode> what a member PUT does with fields its body leaves out: merge (keep
                      them, default) or replace (empty them, as PUT replaces the record)
  --sip2-port <n>     also listen for SIP2 self-checks on this port (0 = any free port;
                      off without it; see docs/reference-service.md)
  --sip2-tls          SIP2 over TLS, with a certificate made for the data dir
  --sip2-dialect <d>  how SIP2 answers are written: ${SIP2_DIALECT_NAMES.join(', ')}
                      (default standard, the specification; see docs/sip2.md)
  --sip2-encoding <e> the SIP2 character set: ${SIP2_ENCODINGS.join(', ')} (default utf-8)
  --help

add-staff adds a staff account (or changes the password of one) in the database in --data-dir,
for a service run without its demo accounts: the kiosk's embedded service outside demo mode keeps
its data in <kiosk data folder>/reference-service. Only the password's scrypt hash is stored.`;

function port(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    process.stderr.write(`Not a port: ${value}\n${USAGE}\n`);
    process.exit(2);
  }
  return parsed;
}

function dialect(value: string | undefined): DialectName {
  if (value === undefined) return 'reference';
  const parsed = dialectNameSchema.safeParse(value);
  if (!parsed.success) {
    process.stderr.write(
      `Unknown dialect: ${value} (use one of ${DIALECT_NAMES.join(', ')})\n${USAGE}\n`,
    );
    process.exit(2);
  }
  return parsed.data;
}

function sip2Dialect(value: string | undefined): Sip2DialectName {
  if (value === undefined) return 'standard';
  const parsed = sip2DialectNameSchema.safeParse(value);
  if (!parsed.success) {
    process.stderr.write(
      `Unknown SIP2 dialect: ${value} (use one of ${SIP2_DIALECT_NAMES.join(', ')})\n${USAGE}\n`,
    );
    process.exit(2);
  }
  return parsed.data;
}

function sip2Encoding(value: string | undefined): Sip2Encoding {
  if (value === undefined) return 'utf-8';
  const encoding = SIP2_ENCODINGS.find((known) => known === value);
  if (!encoding) {
    process.stderr.write(
      `Unknown SIP2 encoding: ${value} (use one of ${SIP2_ENCODINGS.join(', ')})\n${USAGE}\n`,
    );
    process.exit(2);
  }
  return encoding;
}

function describeSip2(service: RunningService, dataDir: string): string[] {
  const { sip2 } = service;
  if (!sip2) return ['SIP2      off (--sip2-port)'];
  return [
    `SIP2      ${sip2.host}:${sip2.port}${sip2.tls ? ` over TLS (certificate ${join(dataDir, 'sip2-tls', 'certificate.pem')})` : ''}, dialect ${sip2.dialect}, ${sip2.encoding}`,
    `SIP2 login (CN / CO) ${sip2.loginUser} / ${sip2.loginPassword}, institution (AO) ${sip2.institutionId}`,
    `SIP2 demo PINs: ${Object.entries(SIP2_DEMO_PINS)
      .map(([seq, pin]) => `${memberBarcode(Number(seq))} ${pin}`)
      .join(', ')}`,
  ];
}

function memberPut(value: string | undefined): MemberPutMode {
  if (value === undefined) return 'merge';
  const mode = MEMBER_PUT_MODES.find((known) => known === value);
  if (!mode) {
    process.stderr.write(
      `Unknown member PUT mode: ${value} (use ${MEMBER_PUT_MODES.join(' or ')})\n${USAGE}\n`,
    );
    process.exit(2);
  }
  return mode;
}

function describe(service: RunningService, blobUrl: string, dataDir: string): string {
  const member = (label: string, seq: number): string => `  ${memberBarcode(seq)}  ${label}`;
  return [
    `base_url  ${service.baseUrl}`,
    `auth_url  ${service.authUrl}`,
    `blob_url  ${blobUrl}`,
    `blob key  ${join(dataDir, BLOB_ACCOUNT_KEY_FILE)} (account ${service.blobAccount.name}; not Azurite's published key)`,
    `dialect   ${service.dialect}`,
    `member PUT ${service.memberPut === 'replace' ? 'replaces the record' : 'merges into the record'}`,
    ...describeSip2(service, dataDir),
    '',
    `client (registered)   ${service.clients.registered.clientId}`,
    `client (development)  ${service.clients.development.clientId}`,
    `client (confidential) ${service.clients.confidential.clientId}, secret ${service.clients.confidential.clientSecret} (client_secret_post)`,
    `redirect URIs         org.example.librarykiosk:/oauth/callback, http://127.0.0.1:{any port}/oauth/callback (or /kiosk/signed-in)`,
    '',
    'demo staff accounts (username / password):',
    ...service.staffAccounts.map((a) => `  ${a.username} / ${a.password}  (${a.name})`),
    '',
    'demo member cards:',
    member('can borrow', DEMO_MEMBERS.canBorrow),
    member('blocked', DEMO_MEMBERS.blocked),
    member('membership expired', DEMO_MEMBERS.expired),
    member('fines above the threshold', DEMO_MEMBERS.overFineThreshold),
    member('has overdue loans', DEMO_MEMBERS.withOverdueLoans),
    member('at the loan limit (child)', DEMO_MEMBERS.atLoanLimit),
    '',
    'demo items:',
    ...DEMO_ITEMS.available.map((seq) => `  ${itemBarcode(seq)}  available`),
    ...DEMO_ITEMS.overdue.map((seq) => `  ${itemBarcode(seq)}  on loan, overdue`),
    `  ${itemBarcode(DEMO_ITEMS.onLoanNotDue)}  on loan, not yet due`,
    '',
    service.faults
      ? `fault knobs: GET/PUT/DELETE ${service.authUrl}/__faults`
      : 'fault knobs: off (--faults)',
    'Ctrl+C stops the service.',
  ].join('\n');
}

interface AddStaffValues {
  'data-dir'?: string | undefined;
  username?: string | undefined;
  name?: string | undefined;
  email?: string | undefined;
  branch?: string | undefined;
  customer?: string | undefined;
}

/** `add-staff`: exit 0 with what was done, 2 with the reason (nothing written). */
async function addStaff(values: AddStaffValues): Promise<number> {
  const dataDir = values['data-dir'];
  const { username, name, email } = values;
  if (!dataDir || !username || !name || !email) {
    process.stderr.write(`add-staff needs --data-dir, --username, --name and --email.\n${USAGE}\n`);
    return 2;
  }
  const password = await readHiddenLine(
    `Password for ${username} (12 characters or more): `,
    process.stdin,
    process.stderr,
  );
  const added = addStaffAccount(
    resolve(dataDir),
    {
      username,
      name,
      email,
      ...(values.branch ? { branchId: values.branch } : {}),
      ...(values.customer ? { customerId: values.customer } : {}),
    },
    password,
  );
  if (!added.ok) {
    process.stderr.write(`${added.error}\n`);
    return 2;
  }
  const { value } = added;
  process.stdout.write(
    `Staff account ${value.username} ${value.created ? 'added' : 'changed'} in ${value.database} (the password stored as a scrypt hash). It signs in from now on, also while the service runs.\n`,
  );
  return 0;
}

async function main(): Promise<void> {
  if (process.argv[2] === 'add-staff') {
    let values: AddStaffValues;
    try {
      ({ values } = parseArgs({
        args: process.argv.slice(3),
        options: {
          'data-dir': { type: 'string' },
          username: { type: 'string' },
          name: { type: 'string' },
          email: { type: 'string' },
          branch: { type: 'string' },
          customer: { type: 'string' },
        },
      }));
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
      process.exitCode = 2;
      return;
    }
    process.exitCode = await addStaff(values);
    return;
  }
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      reset: { type: 'boolean' },
      faults: { type: 'boolean' },
      'base-port': { type: 'string' },
      'auth-port': { type: 'string' },
      'blob-port': { type: 'string' },
      'token-ttl': { type: 'string' },
      dialect: { type: 'string' },
      'member-put': { type: 'string' },
      'sip2-port': { type: 'string' },
      'sip2-tls': { type: 'boolean' },
      'sip2-dialect': { type: 'string' },
      'sip2-encoding': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const sip2Flags = (['sip2-tls', 'sip2-dialect', 'sip2-encoding'] as const).filter(
    (flag) => values[flag] !== undefined,
  );
  if (values['sip2-port'] === undefined && sip2Flags.length > 0) {
    // Without a port there is no listener: the flag would be silently ignored.
    process.stderr.write(
      `${sip2Flags.map((flag) => `--${flag}`).join(', ')} need --sip2-port\n${USAGE}\n`,
    );
    process.exit(2);
  }
  const ttl = values['token-ttl'] === undefined ? undefined : Number(values['token-ttl']);
  if (ttl !== undefined && (!Number.isInteger(ttl) || ttl <= 0)) {
    process.stderr.write(`Not a lifetime in seconds: ${values['token-ttl']}\n`);
    process.exit(2);
  }
  const dataDir = resolve(values['data-dir'] ?? '.data/service');
  const service = await startService({
    dataDir,
    ports: {
      base: port(values['base-port'], DEFAULT_PORTS.base),
      auth: port(values['auth-port'], DEFAULT_PORTS.auth),
      blob: port(values['blob-port'], DEFAULT_PORTS.blob),
    },
    ...(ttl ? { accessTokenTtlSeconds: ttl } : {}),
    faults: values.faults ?? false,
    reset: values.reset ?? false,
    dialect: dialect(values.dialect),
    memberPut: memberPut(values['member-put']),
    ...(values['sip2-port'] !== undefined
      ? {
          sip2: {
            port: port(values['sip2-port'], 0),
            tls: values['sip2-tls'] ?? false,
            dialect: sip2Dialect(values['sip2-dialect']),
            encoding: sip2Encoding(values['sip2-encoding']),
          },
        }
      : {}),
  });
  // The blob store finishes starting after the API answers; the CLI prints its address, so waits.
  const blobUrl = await service.blobUrl().catch(async (error: unknown) => {
    await service.stop();
    throw error;
  });
  process.stdout.write(`${describe(service, blobUrl, dataDir)}\n`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    service.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The service could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
