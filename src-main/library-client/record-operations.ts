import { createLogger } from '../../src-shared/log/logger';
import { err } from '../../src-common/result';
import type { MemberUpdate } from '../../src-common/ipc/member-update';
import type { OperationName } from '../library/library-error';
import {
  readBranches,
  readMember,
  readMemberCirculation,
  readMemberPage,
  readMemberTypes,
  readUserInfo,
} from './reader/records';
import { answerShape } from './reader/shape';
import type {
  Branch,
  Member,
  MemberCirculation,
  MemberPage,
  MemberType,
  UserInfo,
} from '../library/records';
import type { CallOptions, ServiceCaller, LibraryResult } from './service-call';
import type { ListMembersQuery, RestLibraryClient } from './client';

// The library's records the kiosk reads (members, their loans, branches, member types, the
// signed-in user) and the one it changes (a member): each operation's endpoint and reader.

const log = createLogger('service:client');

type RecordOperation =
  | 'getUserInfo'
  | 'listMembers'
  | 'getMember'
  | 'listBranches'
  | 'listMemberTypes'
  | 'updateMember'
  | 'memberByBarcode'
  | 'memberByEmail';

/**
 * Puts a caller's value in the path as one segment. `.` and `..` survive encoding and URL
 * resolution would climb out of the endpoint (`/api/lmmemberbycard/..` is `/api/`), so they and an
 * empty value are refused before anything is sent.
 */
function withSegment<T>(
  operation: OperationName,
  argument: string,
  value: string,
  send: (segment: string) => Promise<LibraryResult<T>>,
): Promise<LibraryResult<T>> {
  if (value === '' || value === '.' || value === '..') {
    return Promise.resolve(
      err({
        kind: 'invalid-argument',
        operation,
        issue: `${argument}: empty, "." or ".." path segment`,
        outcome: 'not-applied',
      }),
    );
  }
  return send(encodeURIComponent(value));
}

export function recordOperations(caller: ServiceCaller): Pick<RestLibraryClient, RecordOperation> {
  const { call, reading } = caller;
  return {
    getUserInfo: (opts: CallOptions = {}): Promise<LibraryResult<UserInfo>> =>
      call({
        operation: 'getUserInfo',
        method: 'GET',
        path: '/api/getuserinfo',
        read: (body) => readUserInfo(body, reading(opts)),
        signal: opts.signal,
      }),

    listMembers: (
      query: ListMembersQuery = {},
      opts: CallOptions = {},
    ): Promise<LibraryResult<MemberPage>> =>
      call({
        operation: 'listMembers',
        method: 'GET',
        path: '/api/user-memberlist',
        query: {
          name: query.name ?? '',
          size: String(query.size ?? 20),
          page: String(query.page ?? 1),
        },
        read: (body, headers) =>
          readMemberPage(body, reading(opts), headers, {
            page: query.page ?? 1,
            size: query.size ?? 20,
          }),
        signal: opts.signal,
      }),

    getMember: (memberId: string, opts: CallOptions = {}): Promise<LibraryResult<Member>> =>
      withSegment('getMember', 'memberId', memberId, (id) =>
        call({
          operation: 'getMember',
          method: 'GET',
          path: `/api/userdetails/${id}`,
          read: (body) => readMember(body, reading(opts)),
          signal: opts.signal,
        }),
      ),

    listBranches: (opts: CallOptions = {}): Promise<LibraryResult<Branch[]>> =>
      call({
        operation: 'listBranches',
        method: 'GET',
        path: '/api/listbranch',
        read: (body) => readBranches(body, reading(opts)),
        signal: opts.signal,
      }),

    listMemberTypes: (opts: CallOptions = {}): Promise<LibraryResult<MemberType[]>> =>
      call({
        operation: 'listMemberTypes',
        method: 'GET',
        path: '/api/listusertype',
        read: (body) => readMemberTypes(body, reading(opts)),
        signal: opts.signal,
      }),

    /** Success is the 2xx; the value is the updated record only when the answer carried one. */
    updateMember: (
      update: MemberUpdate,
      opts: CallOptions = {},
    ): Promise<LibraryResult<Member | undefined>> =>
      call({
        operation: 'updateMember',
        method: 'PUT',
        path: '/api/user-member',
        body: update,
        read: (body, headers, text) => {
          const member = readMember(body, reading(opts));
          if (member.ok) return { ok: true, value: member.value };
          // Applied all the same; the CLI reads the member back.
          log.warn('accepted, but the answer holds no member record', {
            operation: 'updateMember',
            shape: answerShape(body, headers, text),
          });
          return { ok: true, value: undefined };
        },
        signal: opts.signal,
      }),

    memberByBarcode: (
      memberBarcode: string,
      opts: CallOptions = {},
    ): Promise<LibraryResult<MemberCirculation>> =>
      withSegment('memberByBarcode', 'memberBarcode', memberBarcode, (value) =>
        call({
          operation: 'memberByBarcode',
          method: 'GET',
          path: `/api/lmmemberbycard/${value}`,
          read: (body) => readMemberCirculation(body, reading(opts)),
          signal: opts.signal,
        }),
      ),

    memberByEmail: (
      email: string,
      opts: CallOptions = {},
    ): Promise<LibraryResult<MemberCirculation>> =>
      withSegment('memberByEmail', 'email', email, (value) =>
        call({
          operation: 'memberByEmail',
          method: 'GET',
          path: `/api/lmmemberbyemail/${value}`,
          read: (body) => readMemberCirculation(body, reading(opts)),
          signal: opts.signal,
        }),
      ),
  };
}
