import type { ItemBarcode, MemberBarcode } from '../../src-common/barcodes';
import { createLogger } from '../../src-shared/log/logger';
import type { OperationName, LibraryError, ServiceOperationName } from '../library/library-error';
import type {
  Branch,
  CirculationResult,
  Member,
  MemberCirculation,
  MemberPage,
  MemberType,
  UserInfo,
} from '../library/records';
import type { FieldMap } from './reader/view';
import { DEFAULT_MAX_ANSWER_BYTES } from './answer-body';
import { thrownName } from './request';
import { NO_METRICS, type KioskMetrics } from '../metrics/kiosk-metrics';
import type { Transport } from './request';
import { err } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { MemberUpdate } from '../../src-common/ipc/member-update';
import { readUploadTicket } from './reader/ticket';
import type { CreateDocumentRequest, UploadTicket } from './schemas/publisher';
import type { AccessTokenSource } from './token-source';
import { uploadFile } from './upload';
import type { UploadError, UploadProgress } from './upload';
import { createServiceCaller } from './service-call';
import type { CallOptions, CirculationMethod, LibraryResult } from './service-call';
import { recordOperations } from './record-operations';
import { circulationOperations } from './circulation-operations';

const log = createLogger('service:client');

export interface RestLibraryClientOptions {
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

export interface ListMembersQuery {
  name?: string;
  size?: number;
  page?: number;
}

export type { CallOptions, CirculationMethod, LibraryResult };

type Operations = {
  [K in ServiceOperationName]: (
    ...args: never[]
  ) => Promise<Result<unknown, LibraryError | UploadError>>;
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
 * resolves, never rejects: a failure is a `LibraryError` whose `outcome` says what is known of its
 * effect on the service.
 */
export interface RestLibraryClient {
  /** The signed-in account and user (`GET /api/getuserinfo`): who the token speaks for. */
  getUserInfo(opts?: CallOptions): Promise<LibraryResult<UserInfo>>;
  /** One page of members whose name matches (`GET /api/user-memberlist`), 20 a page unless asked. */
  listMembers(query?: ListMembersQuery, opts?: CallOptions): Promise<LibraryResult<MemberPage>>;
  /** One member's full record by the service's id (`GET /api/userdetails/{id}`). */
  getMember(memberId: string, opts?: CallOptions): Promise<LibraryResult<Member>>;
  /** The library's branches (`GET /api/listbranch`). */
  listBranches(opts?: CallOptions): Promise<LibraryResult<Branch[]>>;
  /** The member types a member may have (`GET /api/listusertype`). */
  listMemberTypes(opts?: CallOptions): Promise<LibraryResult<MemberType[]>>;
  /**
   * Changes a member's record (`PUT /api/user-member`). Success is the 2xx; the value is the
   * updated record only when the answer carried one.
   */
  updateMember(
    update: MemberUpdate,
    opts?: CallOptions,
  ): Promise<LibraryResult<Member | undefined>>;
  /** A card's member with their loans (`GET /api/lmmemberbycard/{barcode}`): what a patron session starts from. */
  memberByBarcode(
    memberBarcode: MemberBarcode,
    opts?: CallOptions,
  ): Promise<LibraryResult<MemberCirculation>>;
  /** The member an email address belongs to, with their loans (`GET /api/lmmemberbyemail/{email}`). */
  memberByEmail(email: string, opts?: CallOptions): Promise<LibraryResult<MemberCirculation>>;
  /**
   * Lends an item to a member (`/api/checkout`, POST or PUT per `circulationMethod`). Never retried
   * here: on an `unknown` outcome the caller reconciles before trying again. An answer naming
   * another item or card is a `mismatched-answer`, never a success.
   */
  checkOut(
    loan: { itemBarcode: ItemBarcode; memberBarcode: MemberBarcode },
    opts?: CallOptions,
  ): Promise<LibraryResult<CirculationResult>>;
  /**
   * Takes an item back (`/api/checkin`), with the fine the service charged when it says. Never
   * retried here, as for `checkOut`.
   */
  checkIn(itemBarcode: ItemBarcode, opts?: CallOptions): Promise<LibraryResult<CirculationResult>>;
  /** Creates (or, with `docid`, adds to) a publisher document (`POST /api/publisher-document`): the upload ticket. */
  createDocument(
    document: { name: string; docid?: string | null },
    opts?: CallOptions,
  ): Promise<LibraryResult<UploadTicket>>;
  /** Sends a file to the ticket's upload endpoint, reporting progress; `requestTimeoutMs` is the longest silence. */
  uploadFile(
    ticket: Pick<UploadTicket, 'uploadendpoint'>,
    filePath: string,
    opts?: CallOptions & { onProgress?: (progress: UploadProgress) => void },
  ): Promise<Result<void, UploadError>>;
}

/** Typed client for every operation of the library service interface. */
export function createRestLibraryClient(options: RestLibraryClientOptions): RestLibraryClient {
  const transport: Transport = {
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    fetch: options.fetch ?? globalThis.fetch,
  };
  const caller = createServiceCaller({
    transport,
    tokens: options.tokens,
    now: options.now ?? Date.now,
    metrics: options.metrics ?? NO_METRICS,
    fieldMap: options.fieldMap ?? {},
    circulationMethod: options.circulationMethod ?? 'auto',
  });
  const { call, reading } = caller;

  return neverRejecting<RestLibraryClient>({
    ...recordOperations(caller),
    ...circulationOperations(caller),

    createDocument: (
      document: { name: string; docid?: string | null },
      opts: CallOptions = {},
    ): Promise<LibraryResult<UploadTicket>> =>
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
