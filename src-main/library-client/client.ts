import { createLogger } from '../../src-shared/log/logger';
import type { OperationName, ServiceError, ServiceOperationName } from './errors';
import {
  readBranches,
  readCirculationResult,
  readMember,
  readMemberCirculation,
  readMemberPage,
  readMemberTypes,
  readUserInfo,
} from './reader/records';
import type { Read } from './reader/records';
import { readUploadTicket } from './reader/ticket';
import { answerShape } from './reader/shape';
import type {
  Branch,
  CirculationResult,
  Member,
  MemberCirculation,
  MemberPage,
  MemberType,
  UserInfo,
} from './reader/types';
import { UNKNOWN } from './reader/values';
import type { FieldMap, Reading, Trace } from './reader/view';
import { DEFAULT_MAX_ANSWER_BYTES } from './answer-body';
import { interpret, sendOnce, thrownName } from './request';
import { clockSkewSeconds, serviceCallStatus } from './call-metrics';
import { NO_METRICS, type KioskMetrics } from '../metrics/kiosk-metrics';
import type { ApiRequest, HttpMethod, Transport } from './request';
import { err } from '../../src-shared/result';
import type { Result } from '../../src-shared/result';
import type { CheckInRequest, CheckOutRequest } from './schemas/circulation';
import type { MemberUpdate } from '../../src-common/ipc/member-update';
import type { CreateDocumentRequest, UploadTicket } from './schemas/publisher';
import type { AccessTokenSource } from './token-source';
import { uploadFile } from './upload';
import type { UploadError, UploadProgress } from './upload';

const log = createLogger('service:client');

/** `auto`: POST as the interface states, and PUT (as its samples do) after a 405. */
export type CirculationMethod = 'auto' | 'POST' | 'PUT';

export interface ServiceClientOptions {
  /** base_url of the deployment, with or without a path prefix. */
  baseUrl: string;
  tokens: AccessTokenSource;
  /** Per-request limit (settings.requestTimeoutMs); for uploads, the longest silence allowed. */
  timeoutMs: number;
  /** service.maxAnswerBytes (default 4 MiB): a longer answer is a `too-large` error, never read whole. */
  maxAnswerBytes?: number;
  /** The deployment's own field names (`service.fieldMap`), over the alias table. */
  fieldMap?: FieldMap;
  circulationMethod?: CirculationMethod;
  fetch?: typeof fetch;
  now?: () => number;
  /** Each call's duration and status, and the service's clock skew (docs/operations.md). */
  metrics?: KioskMetrics;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Told where each concept of the answer was read from (the probe's report). */
  trace?: Trace;
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

/** Barcodes as a scanner or a service may spell them: surrounding blanks and case aside. */
const sameBarcode = (a: string, b: string): boolean =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A circulation answer that names another item or card than the request is not this request's
 * success (a proxy or a misrouted call answered for someone else); one that names none is.
 */
function matchingAnswer(
  operation: 'checkOut' | 'checkIn',
  sent: { itemBarcode: string; memberBarcode?: string },
  result: ServiceResult<CirculationResult>,
): ServiceResult<CirculationResult> {
  if (!result.ok) return result;
  const { itemBarcode, memberBarcode } = result.value;
  const field =
    itemBarcode !== undefined && !sameBarcode(itemBarcode, sent.itemBarcode)
      ? 'itemBarcode'
      : memberBarcode !== undefined &&
          sent.memberBarcode !== undefined &&
          !sameBarcode(memberBarcode, sent.memberBarcode)
        ? 'memberBarcode'
        : undefined;
  if (field === undefined) return result;
  log.warn('the answer names another item or card than the request', { operation, field });
  // The service acted on something, but what is not known: staff must look.
  return err({ kind: 'mismatched-answer', operation, field, outcome: 'unknown' });
}

type Operations = {
  [K in ServiceOperationName]: (
    ...args: never[]
  ) => Promise<Result<unknown, ServiceError | UploadError>>;
};

/**
 * The one seam every operation passes through: whatever throws below it (a reader meeting an
 * answer nobody foresaw, a token source's defect) resolves as a typed error, logged by class and
 * never by content. Its effect is not known, so its outcome is `unknown`: a check-out is reconciled.
 */
function neverRejecting<T extends Operations>(operations: T): T {
  const guarded = Object.entries(operations).map(([name, run]) => {
    const operation = name as OperationName;
    const safe = async (...args: never[]) => {
      try {
        return await run(...args);
      } catch (error) {
        const issue = `kiosk fault (${thrownName(error)})`;
        log.error('an operation failed unexpectedly', { operation, error: thrownName(error) });
        return err({ kind: 'malformed-response', operation, status: 0, issue, outcome: 'unknown' });
      }
    };
    return [name, safe];
  });
  return Object.fromEntries(guarded) as T;
}

/**
 * Every operation of the library service interface (docs: the service interface contract). Each
 * resolves, never rejects: a failure is a `ServiceError` whose `outcome` says what is known of its
 * effect on the service.
 */
export interface ServiceClient {
  /** The signed-in account and user (`GET /api/getuserinfo`): who the token speaks for. */
  getUserInfo(opts?: CallOptions): Promise<ServiceResult<UserInfo>>;
  /** One page of members whose name matches (`GET /api/user-memberlist`), 20 a page unless asked. */
  listMembers(query?: ListMembersQuery, opts?: CallOptions): Promise<ServiceResult<MemberPage>>;
  /** One member's full record by the service's id (`GET /api/userdetails/{id}`). */
  getMember(memberId: string, opts?: CallOptions): Promise<ServiceResult<Member>>;
  /** The library's branches (`GET /api/listbranch`). */
  listBranches(opts?: CallOptions): Promise<ServiceResult<Branch[]>>;
  /** The member types a member may have (`GET /api/listusertype`). */
  listMemberTypes(opts?: CallOptions): Promise<ServiceResult<MemberType[]>>;
  /**
   * Changes a member's record (`PUT /api/user-member`). Success is the 2xx; the value is the
   * updated record only when the answer carried one.
   */
  updateMember(
    update: MemberUpdate,
    opts?: CallOptions,
  ): Promise<ServiceResult<Member | undefined>>;
  /** A card's member with their loans (`GET /api/lmmemberbycard/{barcode}`): what a patron session starts from. */
  memberByBarcode(
    memberBarcode: string,
    opts?: CallOptions,
  ): Promise<ServiceResult<MemberCirculation>>;
  /** The member an email address belongs to, with their loans (`GET /api/lmmemberbyemail/{email}`). */
  memberByEmail(email: string, opts?: CallOptions): Promise<ServiceResult<MemberCirculation>>;
  /**
   * Lends an item to a member (`/api/checkout`, POST or PUT per `circulationMethod`). Never retried
   * here: on an `unknown` outcome the caller reconciles before trying again. An answer naming
   * another item or card is a `mismatched-answer`, never a success.
   */
  checkOut(
    loan: { itemBarcode: string; memberBarcode: string },
    opts?: CallOptions,
  ): Promise<ServiceResult<CirculationResult>>;
  /**
   * Takes an item back (`/api/checkin`), with the fine the service charged when it says. Never
   * retried here, as for `checkOut`.
   */
  checkIn(itemBarcode: string, opts?: CallOptions): Promise<ServiceResult<CirculationResult>>;
  /** Creates (or, with `docid`, adds to) a publisher document (`POST /api/publisher-document`): the upload ticket. */
  createDocument(
    document: { name: string; docid?: string | null },
    opts?: CallOptions,
  ): Promise<ServiceResult<UploadTicket>>;
  /** Sends a file to the ticket's upload endpoint, reporting progress; `requestTimeoutMs` is the longest silence. */
  uploadFile(
    ticket: Pick<UploadTicket, 'uploadendpoint'>,
    filePath: string,
    opts?: CallOptions & { onProgress?: (progress: UploadProgress) => void },
  ): Promise<Result<void, UploadError>>;
}

/** Typed client for every operation of the library service interface. */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const transport: Transport = {
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    fetch: options.fetch ?? globalThis.fetch,
  };
  const now = options.now ?? Date.now;
  const metrics = options.metrics ?? NO_METRICS;
  const fieldMap = options.fieldMap ?? {};
  const circulationSetting = options.circulationMethod ?? 'auto';
  // Learned from a 405 and kept for this client's life: every later call goes straight to PUT.
  let circulationMethod: Exclude<CirculationMethod, 'auto'> =
    circulationSetting === 'PUT' ? 'PUT' : 'POST';

  const reading = (opts: CallOptions): Reading => ({
    fieldMap,
    now: now(),
    ...(opts.trace ? { trace: opts.trace } : {}),
  });

  /** A call, timed for its metric by operation and status (docs/operations.md). */
  async function call<T>(request: ApiRequest<T>): Promise<ServiceResult<T>> {
    const started = performance.now();
    const result = await callOnce(request);
    const seconds = (performance.now() - started) / 1000;
    metrics.serviceCall(
      request.operation,
      serviceCallStatus(result.ok ? undefined : result.error),
      seconds,
    );
    return result;
  }

  /**
   * One call with the current token; a 401 gets exactly one renewed token and one retry. That
   * retry is safe even for check-out and check-in: a 401 means the service did not act.
   */
  async function callOnce<T>(request: ApiRequest<T>): Promise<ServiceResult<T>> {
    const { operation } = request;
    const token = await options.tokens.current();
    if (!token.ok)
      return err({ kind: 'auth-required', operation, reason: token.error, outcome: 'not-applied' });
    const first = await sendOnce(transport, request, token.value);
    if (!first.ok) return first;
    const skew = clockSkewSeconds(first.value.headers.get('date'), now());
    if (skew !== undefined) metrics.clockSkew(skew);
    if (first.value.status !== 401) return interpret(operation, first.value, request.read);

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
    return interpret(operation, second.value, request.read);
  }

  /** A 405 means nothing was applied, so the other method is tried once, then remembered. */
  async function circulate<T>(request: Omit<ApiRequest<T>, 'method'>): Promise<ServiceResult<T>> {
    const method: HttpMethod = circulationMethod;
    const result = await call({ ...request, method });
    const refusedMethod =
      !result.ok && result.error.kind === 'refused' && result.error.status === 405;
    if (!refusedMethod || circulationSetting !== 'auto' || method === 'PUT') return result;
    log.info('circulation by POST refused with 405; using PUT from now on', {
      operation: request.operation,
    });
    circulationMethod = 'PUT';
    return call({ ...request, method: 'PUT' });
  }

  /** After a 2xx the transaction is done: missing details are logged by shape, never an error. */
  const circulationResult =
    (kind: 'checkOut' | 'checkIn', opts: CallOptions) =>
    (body: unknown, headers: Headers, text: string): Read<CirculationResult> => {
      const value = readCirculationResult(kind, body, reading(opts));
      const missing: string[] = [];
      if (kind === 'checkOut' && value.dueDate === UNKNOWN) missing.push('dueDate');
      if (kind === 'checkIn' && value.fine === UNKNOWN) missing.push('fine');
      // An item returned on time needs no overdue date; a late one, or one that may be, does.
      if (kind === 'checkIn' && value.overdueDate === UNKNOWN && value.overdue !== false)
        missing.push('overdueDate');
      if (missing.length > 0) {
        log.warn('accepted, but the answer lacks details', {
          operation: kind,
          missing,
          shape: answerShape(body, headers, text),
        });
      }
      return { ok: true, value };
    };

  return neverRejecting<ServiceClient>({
    getUserInfo: (opts: CallOptions = {}): Promise<ServiceResult<UserInfo>> =>
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
        read: (body, headers) =>
          readMemberPage(body, reading(opts), headers, {
            page: query.page ?? 1,
            size: query.size ?? 20,
          }),
        signal: opts.signal,
      }),

    getMember: (memberId: string, opts: CallOptions = {}): Promise<ServiceResult<Member>> =>
      withSegment('getMember', 'memberId', memberId, (id) =>
        call({
          operation: 'getMember',
          method: 'GET',
          path: `/api/userdetails/${id}`,
          read: (body) => readMember(body, reading(opts)),
          signal: opts.signal,
        }),
      ),

    listBranches: (opts: CallOptions = {}): Promise<ServiceResult<Branch[]>> =>
      call({
        operation: 'listBranches',
        method: 'GET',
        path: '/api/listbranch',
        read: (body) => readBranches(body, reading(opts)),
        signal: opts.signal,
      }),

    listMemberTypes: (opts: CallOptions = {}): Promise<ServiceResult<MemberType[]>> =>
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
    ): Promise<ServiceResult<Member | undefined>> =>
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
    ): Promise<ServiceResult<MemberCirculation>> =>
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
    ): Promise<ServiceResult<MemberCirculation>> =>
      withSegment('memberByEmail', 'email', email, (value) =>
        call({
          operation: 'memberByEmail',
          method: 'GET',
          path: `/api/lmmemberbyemail/${value}`,
          read: (body) => readMemberCirculation(body, reading(opts)),
          signal: opts.signal,
        }),
      ),

    /** Never retried here: on 'unknown' outcome the caller reconciles before trying again. */
    checkOut: (
      loan: { itemBarcode: string; memberBarcode: string },
      opts: CallOptions = {},
    ): Promise<ServiceResult<CirculationResult>> =>
      circulate({
        operation: 'checkOut',
        path: '/api/checkout',
        body: {
          ItemBarcode: loan.itemBarcode,
          UserBarcode: loan.memberBarcode,
        } satisfies CheckOutRequest,
        read: circulationResult('checkOut', opts),
        signal: opts.signal,
      }).then((result) => matchingAnswer('checkOut', loan, result)),

    /** Never retried here: on 'unknown' outcome the caller reconciles before trying again. */
    checkIn: (
      itemBarcode: string,
      opts: CallOptions = {},
    ): Promise<ServiceResult<CirculationResult>> =>
      circulate({
        operation: 'checkIn',
        path: '/api/checkin',
        body: { ItemBarcode: itemBarcode } satisfies CheckInRequest,
        read: circulationResult('checkIn', opts),
        signal: opts.signal,
      }).then((result) => matchingAnswer('checkIn', { itemBarcode }, result)),

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
        read: (body) => readUploadTicket(body, reading(opts)),
        signal: opts.signal,
      }),

    uploadFile: (
      ticket: Pick<UploadTicket, 'uploadendpoint'>,
      filePath: string,
      opts: CallOptions & { onProgress?: (progress: UploadProgress) => void } = {},
    ): Promise<Result<void, UploadError>> =>
      uploadFile(ticket.uploadendpoint, filePath, {
        ...opts,
        idleTimeoutMs: options.timeoutMs,
        maxAnswerBytes: transport.maxAnswerBytes,
      }),
  });
}

export type { UploadError, UploadProgress };
