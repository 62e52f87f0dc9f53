import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProbeReport } from '../../../src-main/library-client/probe';
import { memberBarcode } from '../../../src-reference-service/barcode';
import { cliLogin } from '../../support/cli-login';
import { runCli } from '../../support/run-cli';
import type { CliRun } from '../../support/run-cli';
import { LIBRARIAN, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';

/**
 * `library-kiosk probe --json` as an integrator runs it: against the reference service in its
 * documented spelling (everything read, nothing to map), and against the camel dialect with no
 * field map yet (lending rules in policy objects, which the report suggests mapping).
 */
interface Kiosk {
  test: TestService;
  env: Record<string, string | undefined>;
}

const kiosks = new Map<'reference' | 'camel', Kiosk>();
const runs = new Map<'reference' | 'camel', CliRun>();

async function start(dialect: 'reference' | 'camel'): Promise<void> {
  // The reference service as `npm run service` starts it: no dialect option.
  const test = await startTestService(dialect === 'camel' ? { dialect } : {});
  const dataDir = path.join(test.dir, 'cli-data');
  await mkdir(dataDir, { recursive: true });
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
  runs.set(dialect, await runCli(['probe', '--barcode', memberBarcode(5), '--json'], env));
}

beforeAll(async () => {
  await Promise.all([start('reference'), start('camel')]);
}, 120_000);

afterAll(async () => {
  await Promise.all([...kiosks.values()].map(({ test }) => test.stop()));
});

function report(dialect: 'reference' | 'camel'): ProbeReport {
  const run = runs.get(dialect);
  if (!run) throw new Error(`no ${dialect} run`);
  return JSON.parse(run.stdout) as ProbeReport;
}

const from = (dialect: 'reference' | 'camel', concept: string) =>
  report(dialect).concepts.find((entry) => entry.concept === concept)?.from;

describe.each(['reference', 'camel'] as const)(
  '`probe --json` against the %s dialect',
  (dialect) => {
    it('exits 0 with a JSON report on stdout and nothing on stderr', () => {
      expect(runs.get(dialect)).toMatchObject({ code: 0, stderr: '' });
      expect(Object.keys(report(dialect)).sort()).toEqual([
        'concepts',
        'operations',
        'suggestedFieldMap',
        'unread',
      ]);
    });

    it('reports every read-only operation as done', () => {
      expect(report(dialect).operations).toEqual(
        [
          'getUserInfo',
          'listMembers',
          'getMember',
          'listBranches',
          'listMemberTypes',
          'memberByBarcode',
        ].map((operation) => ({
          operation,
          outcome: 'ok',
          detail: expect.any(String),
          note: expect.objectContaining({ kind: expect.any(String) }),
        })),
      );
    });

    it('lists each concept with the field it was read from, or null', () => {
      for (const entry of report(dialect).concepts) {
        expect(entry).toEqual({
          concept: expect.stringMatching(/^[a-zA-Z]+\.[a-zA-Z0-9]+$/),
          from: entry.from === null ? null : expect.stringMatching(/\S/),
          // Whether a field not sent matters (library-client/probe-verdicts.ts).
          verdict:
            entry.from === null ? expect.stringMatching(/^(covered|not-needed|needed)$/) : 'read',
          ...(entry.verdict === 'covered'
            ? { by: expect.arrayContaining([expect.any(String)]) }
            : {}),
          ...(entry.verdict === 'needed' ? { consequence: expect.any(String) } : {}),
        });
      }
      expect(report(dialect).concepts.length).toBeGreaterThan(40);
    });

    it('never reads a check-out or check-in answer: it makes no writes', () => {
      const kinds = report(dialect).concepts.map(({ concept }) => concept.split('.')[0]);
      expect(kinds).not.toContain('checkOut');
      expect(kinds).not.toContain('checkIn');
      expect(kinds).not.toContain('uploadTicket');
    });

    it('names no value of a record, only field names', () => {
      expect(runs.get(dialect)?.stdout).not.toContain('Okafor');
      expect(runs.get(dialect)?.stdout).not.toContain(memberBarcode(5));
    });
  },
);

describe('`probe --json` against the reference dialect', () => {
  it('reads each concept from the spelling the interface and the reference docs use', () => {
    expect(from('reference', 'member.givenName')).toBe('GivenName');
    expect(from('reference', 'member.barcode')).toBe('userbarcode');
    expect(from('reference', 'circulation.fine')).toBe('Fine');
    expect(from('reference', 'circulation.loans')).toBe('Items');
    expect(from('reference', 'loan.dueDate')).toBe('DueDate');
    expect(from('reference', 'memberType.loanPeriodDays')).toBe('LoanPeriodDays');
  });

  it('leaves nothing unread and suggests no field map', () => {
    expect(report('reference')).toMatchObject({ unread: {}, suggestedFieldMap: {} });
  });
});

describe('`probe --json` against the camel dialect without a field map', () => {
  it('reports the lending rules kept in policy objects as not found', () => {
    expect(from('camel', 'memberType.loanPeriodDays')).toBeNull();
    expect(from('camel', 'memberType.fineThreshold')).toBeNull();
    expect(report('camel').unread.memberType).toEqual(
      expect.arrayContaining(['loanPeriod', 'feeBlockThreshold']),
    );
  });

  it('says in the text report whether each field not sent matters', async () => {
    const env = kiosks.get('camel')?.env ?? {};
    const text = await runCli(['probe', '--barcode', memberBarcode(5)], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^memberType\.loanPeriodDays +not found \(offline-loan-period\)$/m);
    expect(text.stdout).toMatch(/^memberType\.fineThreshold +not sent \(nothing depends on it\)$/m);
    expect(text.stdout).toMatch(/^member\.fullName +not sent \(member\.givenName stands in\)$/m);
    expect(text.stdout).not.toMatch(/^member\.fullName +not found/m);
  });

  it('suggests the field map an integrator would write', () => {
    expect(report('camel').suggestedFieldMap).toEqual({
      'memberType.loanPeriodDays': 'loanPeriod.duration',
      'memberType.fineThreshold': 'feeBlockThreshold',
      'memberType.maxFinePerItem': 'maxOverdueFine',
    });
  });
});
