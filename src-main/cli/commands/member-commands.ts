import { memberBarcodeOf } from '../../../src-common/barcodes';
import { err, ok } from '../../../src-common/result';
import type { Result } from '../../../src-common/result';
import { describeLibraryError } from '../../library/library-error';
import type { LibraryError } from '../../library/library-error';
import type { Member } from '../../library/records';
import {
  updateFieldsOf,
  updateMemberAndReadBack,
  wholeMemberUpdate,
} from '../../library-client/member-update';
import type { Command } from '../command';
import { table } from '../output';
import { circulationText, memberRow } from '../record-text';
import { usage, withStaffClient } from './with-staff-client';

const orDash = (value: string | number | undefined): string =>
  value === undefined ? '-' : String(value);

function positiveInteger(value: string | boolean | undefined): number | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'string' && /^[1-9]\d*$/.test(value) ? Number(value) : null;
}

export const member: Command = (input) => {
  const { positionals, options } = input.parsed;
  const email = options.email;
  if (typeof email === 'string') {
    if (positionals.length > 0)
      return Promise.resolve(usage(input, 'give either a barcode or --email, not both'));
    return withStaffClient(
      input,
      (client) => client.memberByEmail(email, { signal: input.signal }),
      circulationText,
    );
  }
  const [memberText, ...extra] = positionals;
  const memberBarcode = memberBarcodeOf(memberText);
  if (!memberBarcode || extra.length > 0)
    return Promise.resolve(usage(input, 'usage: member <barcode> | member --email <email>'));
  return withStaffClient(
    input,
    (client) => client.memberByBarcode(memberBarcode, { signal: input.signal }),
    circulationText,
  );
};

export const members: Command = (input) => {
  const { options } = input.parsed;
  const size = positiveInteger(options.size);
  const page = positiveInteger(options.page);
  if (size === null || page === null)
    return Promise.resolve(usage(input, '--size and --page must be whole numbers from 1'));
  const name = typeof options.name === 'string' ? options.name : '';
  return withStaffClient(
    input,
    (client) =>
      client.listMembers(
        { name, ...(size !== undefined ? { size } : {}), ...(page !== undefined ? { page } : {}) },
        { signal: input.signal },
      ),
    (result) =>
      [
        table([['ID', 'BARCODE', 'NAME', 'EMAIL', 'STATUS'], ...result.members.map(memberRow)]),
        `page ${result.page ?? page ?? 1} of ${result.totalPages ?? '?'} (${
          result.total ?? '?'
        } members${result.total === undefined ? ` in all; ${result.members.length} on this page` : ''})`,
      ].join('\n'),
  );
};

export const branches: Command = (input) =>
  withStaffClient(
    input,
    (client) => client.listBranches({ signal: input.signal }),
    (list) =>
      table([
        ['ID', 'CODE', 'NAME', 'CITY'],
        ...list.map((branch) => [branch.id, branch.code, branch.name, branch.city].map(orDash)),
      ]),
  );

export const memberTypes: Command = (input) =>
  withStaffClient(
    input,
    (client) => client.listMemberTypes({ signal: input.signal }),
    (list) =>
      table([
        ['ID', 'NAME', 'LOAN DAYS', 'LOAN LIMIT', 'FINE THRESHOLD'],
        ...list.map((type) =>
          [
            type.id,
            type.name,
            type.loanPeriodDays,
            type.loanLimit,
            type.fineThreshold?.toFixed(2),
          ].map(orDash),
        ),
      ]),
  );

/** An update the service applied whose member could not be read back to show. */
interface UnreadUpdate {
  id: string;
  updated: true;
  warning: string;
}

export const updateMember: Command = (input) => {
  const [id, ...extra] = input.parsed.positionals;
  if (!id || extra.length > 0)
    return Promise.resolve(usage(input, 'usage: update-member <id> --<Field> <value> ...'));
  const fields = Object.fromEntries(
    Object.entries(input.parsed.options).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  if (Object.keys(fields).length === 0)
    return Promise.resolve(usage(input, 'name at least one field to change, e.g. --city Cork'));
  return withStaffClient(
    input,
    async (client): Promise<Result<Member | UnreadUpdate, LibraryError>> => {
      // The update is a PUT, which replaces the member: it carries the whole member as the
      // service has it now, with the named fields changed.
      const current = await client.getMember(id, { signal: input.signal });
      if (!current.ok) return current;
      const whole = wholeMemberUpdate(id, updateFieldsOf(current.value), fields);
      if (!whole.ok) {
        const give = whole.error.map((field) => `--${field} <value>`).join(' ');
        return err({
          kind: 'invalid-argument',
          operation: 'updateMember',
          issue: `the service does not show ${whole.error.join(', ')} and a member update replaces the whole member: give ${give} (an empty value sends it empty)`,
          outcome: 'not-applied',
        });
      }
      const update = whole.value;
      const outcome = await updateMemberAndReadBack(client, update, { signal: input.signal });
      if (!outcome.ok) return outcome;
      if (outcome.value.member) return ok(outcome.value.member);
      // The service applied the update (2xx): a failed read-back is a warning, not a failure.
      const warning = `the update was applied, but the member could not be read back: ${describeLibraryError(outcome.value.readBackError)}`;
      input.output.note(`warning: ${warning}`);
      return ok({ id, updated: true, warning });
    },
    (updated) =>
      'warning' in updated
        ? `updated member ${id} (not read back: see the warning above)`
        : `updated member ${updated.id ?? id}: ${memberRow(updated).slice(1).join(', ')}`,
  );
};
