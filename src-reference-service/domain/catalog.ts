import type { Db } from '../db/open';
import { fail, ok, type Result } from '../errors';
import type { BranchList, MemberTypeList, UserInfo } from './schemas';

interface StaffRow {
  id: string;
  username: string;
  name: string;
  email: string;
  branch_id: string;
  customer_id: string | null;
}

/** Reference data that changes rarely: branches, member types, staff accounts and customers. */
export function createCatalog(db: Db) {
  const branches = db.prepare<[], { Id: string; Code: string; Name: string; City: string }>(
    'SELECT id AS Id, code AS Code, name AS Name, city AS City FROM branches ORDER BY CAST(id AS INTEGER), id',
  );
  const types = db.prepare<
    [],
    {
      Id: string;
      Name: string;
      LoanPeriodDays: number;
      LoanLimit: number;
      FineThreshold: number;
      DailyFine: number;
      MaxFinePerItem: number;
    }
  >(
    `SELECT id AS Id, name AS Name, loan_period_days AS LoanPeriodDays, loan_limit AS LoanLimit,
       fine_threshold_cents / 100.0 AS FineThreshold, daily_fine_cents / 100.0 AS DailyFine,
       max_fine_per_item_cents / 100.0 AS MaxFinePerItem
     FROM member_types ORDER BY id`,
  );
  const staffById = db.prepare<[string], StaffRow>(
    'SELECT id, username, name, email, branch_id, customer_id FROM staff WHERE id = ?',
  );
  const customer = db.prepare<[string], { Id: string; Name: string; Plan: string }>(
    'SELECT id AS Id, name AS Name, plan AS Plan FROM customers WHERE id = ?',
  );

  function userInfo(staffId: string): Result<UserInfo> {
    const staff = staffById.get(staffId);
    const account = staff?.customer_id ? customer.get(staff.customer_id) : undefined;
    if (!staff || !account) {
      return fail('customer_not_found', 'The signed-in user has no customer account.');
    }
    return ok({
      Customer: account,
      User: {
        Id: staff.id,
        UserName: staff.username,
        Name: staff.name,
        Email: staff.email,
        BranchId: staff.branch_id,
      },
    });
  }

  return {
    branches: (): BranchList => ({ Branches: branches.all() }),
    memberTypes: (): MemberTypeList => ({ UserTypes: types.all() }),
    userInfo,
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
