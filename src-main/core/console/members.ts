import type { MembersChannel } from '../../../src-common/ipc/console/channels';
import {
  checkMemberRecord,
  fieldsNotAsSent,
  rebaseRecord,
} from '../../../src-common/ipc/console/members';
import type { Choice, MemberPageView } from '../../../src-common/ipc/console/members';
import { updateFieldsOf, updateMemberAndReadBack } from '../../library-client/member-update';
import type { RestLibraryClient } from '../../library-client/client';
import type { MemberPage } from '../../library/records';
import { notABarcode } from '../../library/library-error';
import { itemBarcodeOf, memberBarcodeOf } from '../../../src-common/barcodes';
import { answered, failed, fromService, problemOf } from './answer';
import type { ConsoleArea, ConsoleContext } from './deps';
import { circulationView, memberDetails, memberView, transactionView } from './members/views';

/** A further page exists: the service's totals say so, or else a full page came back. */
function hasNext(page: MemberPage, asked: number, size: number): boolean {
  if (page.totalPages !== undefined) return asked < page.totalPages;
  if (page.total !== undefined) return asked * size < page.total;
  return page.members.length >= size;
}

/** How many members are looked at for the statuses in use: four pages of 50. */
const STATUS_PAGES = 4;
const STATUS_PAGE_SIZE = 50;

/**
 * The member statuses in use at the service, from its first pages of members: the interface names
 * no list of the values it accepts. A page that fails ends the search with what was found.
 */
async function statusesInUse(client: RestLibraryClient): Promise<string[]> {
  const found = new Set<string>();
  for (let page = 1; page <= STATUS_PAGES; page += 1) {
    const result = await client.listMembers({ name: '', size: STATUS_PAGE_SIZE, page });
    if (!result.ok) break;
    for (const member of result.value.members) if (member.status) found.add(member.status.trim());
    if (!hasNext(result.value, page, STATUS_PAGE_SIZE)) break;
  }
  return [...found].filter(Boolean).sort((a, b) => a.localeCompare(b));
}

const choices = (records: { id?: string; name?: string }[]): Choice[] =>
  records.flatMap((record) =>
    record.id === undefined
      ? []
      : [{ id: record.id, ...(record.name !== undefined ? { name: record.name } : {}) }],
  );

/**
 * The Members and Circulation lookup screens, on the service client's operations (the CLI's
 * `members`, `member`, `update-member`, `checkout`, `checkin`). Staff check-outs and check-ins go
 * to the service directly: the offline journal is the patron desk's, and a staff action the
 * service did not take is reported, not queued.
 */
export function createMembersArea(context: ConsoleContext): ConsoleArea<MembersChannel> {
  const client = () => context.auth.client;
  /** The offline queue holds a transaction for this item that the sync has yet to send. */
  const queuedOffline = (item: string): boolean =>
    context.offline?.journal
      .entries()
      .some(
        (entry) =>
          entry.txn.item === item && (entry.state === 'pending' || entry.state === 'in-flight'),
      ) ?? false;
  return {
    handlers: {
      'staff.console.members.search': async ({ name, size, page }) => {
        const result = await client().listMembers({ name: name.trim(), size, page });
        if (!result.ok) return failed(problemOf(result.error));
        const found = result.value;
        const view: MemberPageView = {
          members: found.members.map(memberView),
          page,
          size,
          ...(found.total !== undefined ? { total: found.total } : {}),
          ...(found.totalPages !== undefined ? { totalPages: found.totalPages } : {}),
          hasNext: hasNext(found, page, size),
        };
        return answered(view);
      },

      'staff.console.members.get': async ({ id }) => {
        const result = await client().getMember(id);
        return result.ok ? answered(memberDetails(result.value)) : failed(problemOf(result.error));
      },

      'staff.console.members.lists': async () => {
        const [branches, types, statuses] = await Promise.all([
          client().listBranches(),
          client().listMemberTypes(),
          statusesInUse(client()),
        ]);
        if (!branches.ok) return failed(problemOf(branches.error));
        if (!types.ok) return failed(problemOf(types.error));
        return answered({
          branches: choices(branches.value),
          memberTypes: choices(types.value),
          statuses,
        });
      },

      'staff.console.members.update': async ({ record, keptBlank, read }) => {
        // The renderer checked the same rules; a request that skipped them (or sent part of the
        // member, which a PUT would empty the rest of) is not sent.
        const checked = checkMemberRecord(record, keptBlank);
        if (!checked.ok) return failed({ kind: 'invalid', issues: checked.error });
        // Read again just before the PUT, so that what another desk changed meanwhile is sent
        // back as it is now, not as this form first read it; a failed read sends the form as is.
        const fresh = await client().getMember(checked.value.Id);
        const { record: toSend, changedElsewhere } = fresh.ok
          ? rebaseRecord(checked.value, read, updateFieldsOf(fresh.value))
          : { record: checked.value, changedElsewhere: [] };
        const outcome = await updateMemberAndReadBack(client(), toSend);
        if (!outcome.ok) return failed(problemOf(outcome.error));
        const saved = outcome.value;
        const elsewhere = changedElsewhere.length > 0 ? { changedElsewhere } : {};
        if (!saved.member) {
          return answered({ readBackProblem: problemOf(saved.readBackError), ...elsewhere });
        }
        const details = memberDetails(saved.member);
        const notAsSent = fieldsNotAsSent(toSend, details.form);
        return answered({ details, ...elsewhere, ...(notAsSent.length > 0 ? { notAsSent } : {}) });
      },

      'staff.console.members.lookUp': async (request) => {
        const memberBarcode = request.by === 'barcode' ? memberBarcodeOf(request.value) : undefined;
        if (request.by === 'barcode' && !memberBarcode)
          return failed(problemOf(notABarcode('memberByBarcode', 'memberBarcode')));
        const result = memberBarcode
          ? await client().memberByBarcode(memberBarcode)
          : await client().memberByEmail(request.value);
        return result.ok
          ? answered(circulationView(result.value))
          : failed(problemOf(result.error));
      },

      'staff.console.members.checkOut': async (request) => {
        if (queuedOffline(request.itemBarcode))
          return failed({ kind: 'queued-offline', item: request.itemBarcode });
        const itemBarcode = itemBarcodeOf(request.itemBarcode);
        const memberBarcode = memberBarcodeOf(request.memberBarcode);
        if (!itemBarcode) return failed(problemOf(notABarcode('checkOut', 'itemBarcode')));
        if (!memberBarcode) return failed(problemOf(notABarcode('checkOut', 'memberBarcode')));
        const result = await client().checkOut({ itemBarcode, memberBarcode });
        return fromService(result.ok ? { ok: true, value: transactionView(result.value) } : result);
      },

      'staff.console.members.checkIn': async (request) => {
        if (queuedOffline(request.itemBarcode))
          return failed({ kind: 'queued-offline', item: request.itemBarcode });
        const itemBarcode = itemBarcodeOf(request.itemBarcode);
        if (!itemBarcode) return failed(problemOf(notABarcode('checkIn', 'itemBarcode')));
        const result = await client().checkIn(itemBarcode);
        return fromService(result.ok ? { ok: true, value: transactionView(result.value) } : result);
      },
    },
  };
}
