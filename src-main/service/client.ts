import type { z } from 'zod';
import type { OperationName, ServiceError } from './errors';
import { interpret, sendOnce } from './request';
import type { ApiRequest, Transport } from './request';
import { err } from './result';
import type { Result } from './result';
import { UserInfoSchema } from './schemas/account';
import type { UserInfo } from './schemas/account';
import {
  CheckInResultSchema,
  CheckOutResultSchema,
  MemberCirculationSchema,
} from './schemas/circulation';
import type {
  CheckInRequest,
  CheckInResult,
  CheckOutRequest,
  CheckOutResult,
  MemberCirculation,
} from './schemas/circulation';
import {
  BranchListSchema,
  MemberPageSchema,
  MemberSchema,
  MemberTypeListSchema,
  MemberUpdateAnswerSchema,
} from './schemas/member';
import type { Branch, Member, MemberPage, MemberType, MemberUpdate } from './schemas/member';
import { UploadTicketSchema } from './schemas/publisher';
import type { CreateDocumentRequest, UploadTicket } from './schemas/publisher';
import type { AccessTokenSource } from './token-source';
import { uploadFile } from './upload';
import type { UploadError, UploadProgress } from './upload';

export interface ServiceClientOptions {
  /** base_url of the deployment, with or without a path prefix. */
  baseUrl: string;
  tokens: AccessTokenSource;
  /** Per-request limit (settings.requestTimeoutMs); for uploads, the longest silence allowed. */
  timeoutMs: number;
  fetch?: typeof fetch;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface ListMembersQuery {
  name?: string;
  size?: number;
  page?: number;
}

export type ServiceResult<T> = Result<T, ServiceError>;

/**
 * Puts a caller's value in the path as one segment. `.` and `..` survive encoding and URL
 * resolution would climb out of the endpoint (`/api/lmmemberbycard/..` is `/api/`), so they and an
 * empty value are refused before anything is sent.
 */
function withSegment<T>(
  operation: OperationName,
  argument: string,
  value: string,
  send: (segment: string) => Promise<ServiceResult<T>>,
): Promise<ServiceResult<T>> {
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

export type ServiceClient = ReturnType<typeof createServiceClient>;

/** Typed client for every operation of the library service interface. */
export function createServiceClient(options: ServiceClientOptions) {
  const transport: Transport = {
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch ?? globalThis.fetch,
  };

  /**
   * One call with the current token; a 401 gets exactly one renewed token and one retry. That
   * retry is safe even for check-out and check-in: a 401 means the service did not act.
   */
  async function call<S extends z.ZodType>(
    request: ApiRequest<S>,
  ): Promise<ServiceResult<z.output<S>>> {
    const { operation } = request;
    const token = await options.tokens.current();
    if (!token.ok)
      return err({ kind: 'auth-required', operation, reason: token.error, outcome: 'not-applied' });
    const first = await sendOnce(transport, request, token.value);
    if (!first.ok) return first;
    if (first.value.status !== 401) return interpret(operation, first.value, request.schema);

    const renewed = await options.tokens.renew(token.value);
    if (!renewed.ok) {
      return err({
        kind: 'auth-required',
        operation,
        reason: renewed.error,
        outcome: 'not-applied',
      });
    }
    const second = await sendOnce(transport, request, renewed.value);
    if (!second.ok) return second;
    if (second.value.status === 401) {
      return err({
        kind: 'auth-required',
        operation,
        reason: 'token-rejected',
        outcome: 'not-applied',
      });
    }
    return interpret(operation, second.value, request.schema);
  }

  return {
    getUserInfo: (opts: CallOptions = {}): Promise<ServiceResult<UserInfo>> =>
      call({
        operation: 'getUserInfo',
        method: 'GET',
        path: '/api/getuserinfo',
        schema: UserInfoSchema,
        ...opts,
      }),

    listMembers: (
      query: ListMembersQuery = {},
      opts: CallOptions = {},
    ): Promise<ServiceResult<MemberPage>> =>
      call({
        operation: 'listMembers',
        method: 'GET',
        path: '/api/user-memberlist',
        query: {
          name: query.name ?? '',
          size: String(query.size ?? 20),
          page: String(query.page ?? 1),
        },
        schema: MemberPageSchema,
        ...opts,
      }),

    getMember: (memberId: string, opts: CallOptions = {}): Promise<ServiceResult<Member>> =>
      withSegment('getMember', 'memberId', memberId, (id) =>
        call({
          operation: 'getMember',
          method: 'GET',
          path: `/api/userdetails/${id}`,
          schema: MemberSchema,
          ...opts,
        }),
      ),

    listBranches: (opts: CallOptions = {}): Promise<ServiceResult<Branch[]>> =>
      call({
        operation: 'listBranches',
        method: 'GET',
        path: '/api/listbranch',
        schema: BranchListSchema,
        ...opts,
      }),

    listMemberTypes: (opts: CallOptions = {}): Promise<ServiceResult<MemberType[]>> =>
      call({
        operation: 'listMemberTypes',
        method: 'GET',
        path: '/api/listusertype',
        schema: MemberTypeListSchema,
        ...opts,
      }),

    /** Success is the 2xx; the value is the updated record only when the answer carried one. */
    updateMember: (
      update: MemberUpdate,
      opts: CallOptions = {},
    ): Promise<ServiceResult<Member | undefined>> =>
      call({
        operation: 'updateMember',
        method: 'PUT',
        path: '/api/user-member',
        body: update,
        schema: MemberUpdateAnswerSchema,
        ...opts,
      }),

    memberByBarcode: (
      userBarcode: string,
      opts: CallOptions = {},
    ): Promise<ServiceResult<MemberCirculation>> =>
      withSegment('memberByBarcode', 'userBarcode', userBarcode, (value) =>
        call({
          operation: 'memberByBarcode',
          method: 'GET',
          path: `/api/lmmemberbycard/${value}`,
          schema: MemberCirculationSchema,
          ...opts,
        }),
      ),

    memberByEmail: (
      email: string,
      opts: CallOptions = {},
    ): Promise<ServiceResult<MemberCirculation>> =>
      withSegment('memberByEmail', 'email', email, (value) =>
        call({
          operation: 'memberByEmail',
          method: 'GET',
          path: `/api/lmmemberbyemail/${value}`,
          schema: MemberCirculationSchema,
          ...opts,
        }),
      ),

    /** Never retried here: on 'unknown' outcome the caller reconciles before trying again. */
    checkOut: (
      loan: { itemBarcode: string; userBarcode: string },
      opts: CallOptions = {},
    ): Promise<ServiceResult<CheckOutResult>> =>
      call({
        operation: 'checkOut',
        method: 'POST',
        path: '/api/checkout',
        body: {
          ItemBarcode: loan.itemBarcode,
          UserBarcode: loan.userBarcode,
        } satisfies CheckOutRequest,
        schema: CheckOutResultSchema,
        ...opts,
      }),

    /** Never retried here: on 'unknown' outcome the caller reconciles before trying again. */
    checkIn: (itemBarcode: string, opts: CallOptions = {}): Promise<ServiceResult<CheckInResult>> =>
      call({
        operation: 'checkIn',
        method: 'POST',
        path: '/api/checkin',
        body: { ItemBarcode: itemBarcode } satisfies CheckInRequest,
        schema: CheckInResultSchema,
        ...opts,
      }),

    createDocument: (
      document: { name: string; docid?: string | null },
      opts: CallOptions = {},
    ): Promise<ServiceResult<UploadTicket>> =>
      call({
        operation: 'createDocument',
        method: 'POST',
        path: '/api/publisher-document',
        body: {
          docid: document.docid ?? null,
          name: document.name,
        } satisfies CreateDocumentRequest,
        schema: UploadTicketSchema,
        ...opts,
      }),

    uploadFile: (
      ticket: Pick<UploadTicket, 'uploadendpoint'>,
      filePath: string,
      opts: CallOptions & { onProgress?: (progress: UploadProgress) => void } = {},
    ): Promise<Result<void, UploadError>> =>
      uploadFile(ticket.uploadendpoint, filePath, { ...opts, idleTimeoutMs: options.timeoutMs }),
  };
}

export type { UploadError, UploadProgress };
