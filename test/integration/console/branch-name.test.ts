import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { createBranchName } from '../../../src-main/core/branch-name';
import type { BranchNameOptions } from '../../../src-main/core/branch-name';
import type { Logger } from '../../../src-shared/log/logger';
import { browserSignIn, createAuthFor, signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';

/**
 * The kiosk's branch by the name the service's branch list gives it, against the reference
 * service in the drf dialect (its branch list and user info spelled as Django REST Framework
 * does), with a real staff sign-in.
 */
let drf: TestService;
let staff: StaffAuth;

beforeAll(async () => {
  drf = await startTestService({ dialect: 'drf' });
  staff = await signedIn(drf);
});

afterAll(async () => {
  staff?.dispose();
  await drf?.stop();
});

/** The warnings a branch read logged, by message and data. */
function warningsLog(): { log: Logger; warnings: unknown[][] } {
  const warnings: unknown[][] = [];
  const log: Logger = {
    debug() {},
    info() {},
    warn: (message, data) => warnings.push([message, data]),
    error() {},
    child: () => log,
  };
  return { log, warnings };
}

function branchOf(auth: StaffAuth, options: Partial<BranchNameOptions> = {}) {
  return createBranchName({
    configured: '',
    client: auth.client,
    signedIn: () => auth.status().state === 'signed-in',
    onSignInChange: (listener) => auth.onStatusChange(listener),
    log: warningsLog().log,
    ...options,
  });
}

describe("the kiosk's branch name", () => {
  it("is the signed-in staff member's branch, named by the branch list", async () => {
    const branch = branchOf(staff);
    await branch.refresh();
    expect(branch.name()).toBe('Central Library');
    branch.dispose();
  });

  it('is the branch kiosk.branchId names, whoever signed in', async () => {
    const branch = branchOf(staff, { branchId: '5' });
    await branch.refresh();
    expect(branch.name()).toBe('Riverside Branch');
    branch.dispose();
  });

  it('is the configured name as it is, without asking the service', async () => {
    let asked = 0;
    const counting = {
      ...staff.client,
      listBranches: () => {
        asked += 1;
        return staff.client.listBranches();
      },
    };
    const branch = branchOf(staff, { configured: 'Hillside Library', client: counting });
    await branch.refresh();
    expect([branch.name(), asked]).toEqual(['Hillside Library', 0]);
    branch.dispose();
  });

  it('is empty until a staff member signs in, then named, and says it changed', async () => {
    const auth = await createAuthFor(drf);
    const branch = branchOf(auth);
    let changes = 0;
    branch.onChange(() => (changes += 1));
    await branch.refresh();
    expect(branch.name()).toBe('');
    const result = await auth.handleRedirect(await browserSignIn(auth));
    expect(result.ok).toBe(true);
    await expect.poll(() => branch.name()).toBe('Central Library');
    expect(changes).toBe(1);
    branch.dispose();
    auth.dispose();
  });

  it('stays empty, with a warning, when the list names no branch with that id', async () => {
    const { log, warnings } = warningsLog();
    const branch = branchOf(staff, { branchId: '99', log });
    await branch.refresh();
    expect(branch.name()).toBe('');
    expect(warnings).toEqual([
      ['the branch list names no branch with this id', { branchId: '99' }],
    ]);
    branch.dispose();
  });
});
