import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { runProbe } from '../../../src-main/library-client/probe';
import type { ProbeReport } from '../../../src-main/library-client/probe';
import { memberBarcode } from '../../../src-reference-service/barcode';
import { signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';

/**
 * The kiosk's own reference service, probed as staff probe it from the diagnostics screen: what
 * it does not send (a full name, a blocked flag, an active flag, a loan's own fine) is covered by
 * what it does, so nothing reads as a problem.
 */
let service: TestService;
let staff: StaffAuth;
let report: ProbeReport;

beforeAll(async () => {
  service = await startTestService();
  staff = await signedIn(service);
  report = await runProbe(staff.client, { barcode: memberBarcode(5) });
});

afterAll(async () => {
  staff?.dispose();
  await service?.stop();
});

describe("the probe's verdicts against the reference service", () => {
  it('finds nothing the kiosk needs missing', () => {
    expect(report.concepts.filter((entry) => entry.verdict === 'needed')).toEqual([]);
  });

  it('says what stands in for each field not sent', () => {
    const notSent = report.concepts
      .filter((entry) => entry.from === null)
      .map(({ concept, verdict, by }) => ({ concept, verdict, by }));
    expect(notSent).toEqual([
      { concept: 'member.fullName', verdict: 'covered', by: ['member.givenName'] },
      {
        concept: 'member.blocked',
        verdict: 'covered',
        by: ['member.status', 'member.expiry', 'circulation.blocks'],
      },
      {
        concept: 'member.active',
        verdict: 'covered',
        by: ['member.status', 'member.expiry', 'circulation.blocks'],
      },
      { concept: 'loan.overdueDate', verdict: 'covered', by: ['loan.dueDate', 'loan.overdue'] },
      { concept: 'loan.fine', verdict: 'covered', by: ['circulation.fine'] },
    ]);
  });
});
