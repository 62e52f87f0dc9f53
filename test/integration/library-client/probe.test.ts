import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { runProbe } from '../../../src-main/library-client/probe';
import type { ProbeReport } from '../../../src-main/library-client/probe';
import { memberBarcode } from '../../../src-reference-service/barcode';
import { signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';

let test: TestService;
let staff: StaffAuth;
let report: ProbeReport;

// The camel dialect keeps its lending rules in policy objects no alias reads.
beforeAll(async () => {
  test = await startTestService({ dialect: 'camel' });
  staff = await signedIn(test);
  report = await runProbe(staff.client, { barcode: memberBarcode(5) });
});

afterAll(async () => {
  staff?.dispose();
  await test?.stop();
});

const from = (concept: string): string | null | undefined =>
  report.concepts.find((entry) => entry.concept === concept)?.from;

describe('probe', () => {
  it('calls every read-only operation once', () => {
    expect(report.operations.map(({ operation, outcome }) => [operation, outcome])).toEqual([
      ['getUserInfo', 'ok'],
      ['listMembers', 'ok'],
      ['getMember', 'ok'],
      ['listBranches', 'ok'],
      ['listMemberTypes', 'ok'],
      ['memberByBarcode', 'ok'],
    ]);
  });

  it('names the field each concept was read from, nested paths included', () => {
    expect(from('member.givenName')).toBe('personal.firstName');
    expect(from('circulation.loans')).toBe('openLoans');
    expect(from('circulation.fine')).toBe('moneyOwed');
    expect(from('circulation.currency')).toBe('moneyOwed.currency');
    expect(from('loan.dueDate')).toBe('dueDate');
  });

  it('reports what was not found as not found', () => {
    expect(from('memberType.loanPeriodDays')).toBeNull();
    expect(from('memberType.fineThreshold')).toBeNull();
  });

  it('judges what was not sent by what depends on it', () => {
    const verdict = (concept: string) => {
      const {
        verdict: judged,
        by,
        consequence,
      } = report.concepts.find((entry) => entry.concept === concept) ?? {};
      return { verdict: judged, by, consequence };
    };
    // Offline loans fall back to the default loan period: the one the kiosk needs here.
    expect(verdict('memberType.loanPeriodDays')).toEqual({
      verdict: 'needed',
      by: undefined,
      consequence: 'offline-loan-period',
    });
    // No status field: whether a card may borrow is read from `active`.
    expect(verdict('member.status')).toEqual({
      verdict: 'covered',
      by: ['member.active', 'member.expiry', 'circulation.blocks'],
      consequence: undefined,
    });
    expect(verdict('memberType.fineThreshold').verdict).toBe('not-needed');
    expect(verdict('member.givenName').verdict).toBe('read');
    expect(
      report.concepts.filter((entry) => entry.verdict === 'needed').map((entry) => entry.concept),
    ).toEqual(['memberType.loanPeriodDays']);
  });

  it('lists the fields no concept read, by name only', () => {
    expect(report.unread.memberType).toEqual(
      expect.arrayContaining(['loanPeriod', 'feeBlockThreshold']),
    );
    expect(JSON.stringify(report.unread)).not.toContain('Okafor');
  });

  it('suggests a field map for concepts an unread field fits', () => {
    expect(report.suggestedFieldMap).toMatchObject({
      'memberType.loanPeriodDays': 'loanPeriod.duration',
      'memberType.fineThreshold': 'feeBlockThreshold',
    });
  });

  it('reads the member types once the suggested field map is applied', async () => {
    const mapped = await signedIn(test, { interop: { fieldMap: report.suggestedFieldMap } });
    const types = await mapped.client.listMemberTypes();
    expect(types.ok && types.value.find((type) => type.id === 'ADULT')).toMatchObject({
      loanPeriodDays: 21,
      fineThreshold: 10,
    });
    mapped.dispose();
  });

  it('reports a lookup the service refused with its reason', async () => {
    const reportFor = await runProbe(staff.client, { email: 'nobody@example.org' });
    expect(reportFor.operations.at(-1)).toMatchObject({
      operation: 'memberByEmail',
      outcome: 'failed',
      detail: expect.stringContaining('member_not_found'),
    });
  });
});

describe('probe against the reference dialect', () => {
  let reference: TestService;
  let referenceStaff: StaffAuth;
  let referenceReport: ProbeReport;

  beforeAll(async () => {
    reference = await startTestService();
    referenceStaff = await signedIn(reference);
    referenceReport = await runProbe(referenceStaff.client, { barcode: memberBarcode(5) });
  }, 60_000);

  afterAll(async () => {
    referenceStaff?.dispose();
    await reference?.stop();
  });

  const read = (concept: string): string | null | undefined =>
    referenceReport.concepts.find((entry) => entry.concept === concept)?.from;

  it('calls every read-only operation once, each answered', () => {
    expect(referenceReport.operations.every(({ outcome }) => outcome === 'ok')).toBe(true);
    expect(referenceReport.operations).toHaveLength(6);
  });

  it("reads each concept from the interface's own spelling", () => {
    expect(read('member.id')).toBe('Id');
    expect(read('member.givenName')).toBe('GivenName');
    expect(read('circulation.fine')).toBe('Fine');
    expect(read('loan.itemBarcode')).toBe('ItemBarcode');
    expect(read('branch.name')).toBe('Name');
  });

  it('finds nothing unread and suggests no field map', () => {
    expect(referenceReport.unread).toEqual({});
    expect(referenceReport.suggestedFieldMap).toEqual({});
  });
});
