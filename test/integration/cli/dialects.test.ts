import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src-main/cli/main';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import type { DialectName } from '../../../src-reference-service/index';
import { canonical } from '../../support/canonical';
import { cliLogin } from '../../support/cli-login';
import { LIBRARIAN, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';

/**
 * The CLI against services that spell their answers differently: the same commands give the same
 * facts, with the field map an integrator would write after `library-kiosk probe` in the settings
 * file (see test/integration/library-client/dialects.test.ts for why these two maps).
 */
const FIELD_MAPS: Partial<Record<DialectName, Record<string, string>>> = {
  camel: {
    'memberType.loanPeriodDays': 'loanPeriod.duration',
    'memberType.dailyFine': 'overdueFine.quantity',
    'memberType.fineThreshold': 'feeBlockThreshold',
    'memberType.maxFinePerItem': 'maxOverdueFine',
  },
  snake: { 'member.userName': 'userid' },
};

interface Kiosk {
  test: TestService;
  env: Record<string, string | undefined>;
}

const kiosks = new Map<DialectName, Kiosk>();

async function start(dialect: DialectName): Promise<void> {
  const test = await startTestService({ dialect });
  const dataDir = path.join(test.dir, 'cli-data');
  await mkdir(dataDir, { recursive: true });
  const fieldMap = FIELD_MAPS[dialect];
  if (fieldMap) {
    await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify({ service: { fieldMap } }));
  }
  const env = {
    PATH: process.env.PATH,
    HOME: test.dir,
    KIOSK_DATA_DIR: dataDir,
    KIOSK_BASE_URL: test.service.baseUrl,
    KIOSK_AUTH_URL: test.service.authUrl,
  };
  const login = await cliLogin(env, LIBRARIAN);
  if (login.code !== 0) throw new Error(`${dialect}: login exited ${login.code}: ${login.stdout}`);
  kiosks.set(dialect, { test, env });
}

async function cli(dialect: DialectName, args: string[]) {
  const kiosk = kiosks.get(dialect);
  if (!kiosk) throw new Error(`no ${dialect} kiosk`);
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let errText = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (errText += chunk.toString()));
  const code = await main(args, kiosk.env, { stdout, stderr }, new AbortController().signal);
  return { code, stdout: out, stderr: errText };
}

const DIALECTS: DialectName[] = ['camel', 'snake', 'dotnet', 'drf'];

/**
 * Facts a dialect has no way to send: DRF's on-time return has a null charge, so no currency
 * (its fine is still 0, not unknown).
 */
const NOT_SENT: Partial<Record<DialectName, Record<string, string[]>>> = {
  drf: { [`checkin ${itemBarcode(14)}`]: ['currency'] },
};

function expectedIn(dialect: DialectName, name: string): unknown {
  const value = expected.get(name);
  const dropped = NOT_SENT[dialect]?.[name];
  if (!dropped || value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([field]) => !dropped.includes(field)));
}

const READS: string[][] = [
  ['whoami'],
  ['member', memberBarcode(5)],
  ['member', '--email', 'amara.okafor@example.org'],
  ['members', '--name', 'okafor', '--size', '5', '--page', '1'],
  ['branches'],
  ['member-types'],
];

/**
 * Writes whose results must be the same in every dialect, in this order on each fresh service:
 * a loan and its return on time, the return of an overdue item, a member update.
 */
/** The member fields each dialect's record leaves unread (snake's user name is field-mapped). */
const UNREAD_MEMBER_FIELDS: Partial<Record<string, string>> = {
  camel: 'userstatus',
  snake: 'userstatus',
  dotnet: 'userstatus',
};

const UPDATE_MEMBER = [
  'update-member',
  '1020',
  '--city',
  'Cobh',
  '--userstatus',
  'active',
  '--UserName',
  'aoife.whelan',
];
const WRITES: string[][] = [
  ['checkout', itemBarcode(14), memberBarcode(1)],
  ['checkin', itemBarcode(14)],
  ['checkin', itemBarcode(22)],
  // The camel, snake and dotnet dialects show no status word and snake no user name: a member
  // update replaces the whole member, so the CLI is given them rather than send them empty.
  UPDATE_MEMBER,
];

/** Writes whose human lines are compared too, made after WRITES as the tests below make them. */
const OVERDUE_CHECK_IN = ['checkin', itemBarcode(21)];
const CHECK_OUT = ['checkout', itemBarcode(12), memberBarcode(1)];
const CHECK_IN = ['checkin', itemBarcode(12)];

const expected = new Map<string, unknown>();
const expectedText = new Map<string, string>();
const key = (args: string[]): string => args.join(' ');

/** A human line with its dates by day: a dialect may send a due date as a day, not an instant. */
const byDay = (text: string): string => text.replace(/(\d{4}-\d{2}-\d{2}) \d{2}:\d{2} UTC/g, '$1');

beforeAll(async () => {
  await Promise.all((['reference', ...DIALECTS] as DialectName[]).map(start));
  for (const args of [...READS, ...WRITES]) {
    expected.set(key(args), JSON.parse((await cli('reference', [...args, '--json'])).stdout));
  }
  for (const args of [OVERDUE_CHECK_IN, CHECK_OUT, CHECK_IN]) {
    expectedText.set(key(args), byDay((await cli('reference', args)).stdout));
  }
}, 120_000);

afterAll(async () => {
  await Promise.all([...kiosks.values()].map(({ test }) => test.stop()));
});

describe.each(DIALECTS)('the CLI against the %s dialect', (dialect) => {
  it.each(READS.map((args) => [key(args), args] as const))(
    '`%s` prints the same facts as against the reference dialect',
    async (name, args) => {
      const run = await cli(dialect, [...args, '--json']);
      expect(run.code).toBe(0);
      expect(canonical(JSON.parse(run.stdout))).toEqual(canonical(expected.get(name)));
    },
  );

  it.each(WRITES.map((args) => [key(args), args] as const))(
    '`%s` prints the same result as against the reference dialect',
    async (name, args) => {
      const run = await cli(dialect, [...args, '--json']);
      expect(run.code).toBe(0);
      expect(expected.get(name)).not.toHaveProperty('error');
      expect(canonical(JSON.parse(run.stdout))).toEqual(canonical(expectedIn(dialect, name)));
    },
  );

  it('prints an overdue check-in with its fine, never "on time"', async () => {
    const run = await cli(dialect, OVERDUE_CHECK_IN);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/overdue since \d{4}-\d{2}-\d{2}.*, fine \d+\.\d{2} EUR/);
    expect(run.stdout).not.toContain('on time');
    expect(byDay(run.stdout)).toBe(expectedText.get(key(OVERDUE_CHECK_IN)));
  });

  it('checks an item out with its due date and back in on time', async () => {
    const out = await cli(dialect, CHECK_OUT);
    expect(out.stdout).toMatch(/^checked out 34410000000126 \(.+\), due \d{4}-\d{2}-\d{2}/);
    expect(byDay(out.stdout)).toBe(expectedText.get(key(CHECK_OUT)));
    const back = await cli(dialect, CHECK_IN);
    expect(back.stdout).toContain('on time');
    expect(back.stdout).toBe(expectedText.get(key(CHECK_IN)));
  });

  it('updates a member and shows the change', async () => {
    const run = await cli(dialect, [...UPDATE_MEMBER, '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ id: '1020', city: 'Cobh' });
  });

  it('sends no member update while a field it cannot read is not given, and names it', async () => {
    const run = await cli(dialect, ['update-member', '1021', '--city', 'Cobh']);
    const unread = UNREAD_MEMBER_FIELDS[dialect];
    if (unread === undefined) {
      expect(run.code).toBe(0);
      return;
    }
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `the service does not show ${unread} and a member update replaces the whole member`,
    );
  });

  it('publishes a PDF', async () => {
    const kiosk = kiosks.get(dialect);
    const file = path.join(kiosk?.test.dir ?? '', 'flyer.pdf');
    await writeFile(file, Buffer.from('%PDF-1.7\n%flyer\n'));
    const run = await cli(dialect, ['publish', file, '--name', 'Flyer.pdf']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^published document [0-9a-f-]{36} \(sub-document 1/);
  });

  it("reports a refused check-out with the service's words and exit code 3", async () => {
    const run = await cli(dialect, ['checkout', itemBarcode(13), memberBarcode(2)]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^error: checkOut refused \(400.*\): \S/);
  });

  it('probes the service and prints where each concept was read from', async () => {
    const run = await cli(dialect, ['probe', '--barcode', memberBarcode(5)]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^OPERATION\s+RESULT\s+DETAIL/);
    expect(run.stdout).toMatch(/circulation\.fine\s+\S+/);
    expect(run.stdout).not.toMatch(/circulation\.fine\s+not found/);
  });
});
