import type { ApiError } from '../errors';
import type {
  BranchList,
  CheckinResult,
  CheckoutResult,
  MemberCirculation,
  MemberPage,
  MemberRecord,
  MemberTypeList,
  UploadTicket,
  UserInfo,
} from '../domain/schemas';
import type { DialectName } from './index';

/** What each route answers with, in the reference spelling the domain produces. */
export interface Records {
  userInfo: UserInfo;
  memberPage: MemberPage;
  member: MemberRecord;
  branches: BranchList;
  memberTypes: MemberTypeList;
  updatedMember: MemberRecord;
  memberCirculation: MemberCirculation;
  checkoutResult: CheckoutResult;
  checkinResult: CheckinResult;
  uploadTicket: UploadTicket;
}

export type RecordKind = keyof Records;

/** A body to send as JSON, with headers to add (a dialect may set its own content-type). */
export interface Rendered {
  body: unknown;
  headers?: Record<string, string>;
}

/** One renderer per record kind: a dialect must spell every record. */
export type Renderers = { [K in RecordKind]: (value: Records[K]) => Rendered };

/**
 * How a service spells its answers. Absent hooks mean the reference answer as is, so the reference
 * dialect costs nothing on the hot path (no call, no copy).
 */
export interface Dialect {
  readonly name: DialectName;
  readonly render?: <K extends RecordKind>(kind: K, value: Records[K]) => Rendered;
  readonly error?: (error: ApiError, status: number) => Rendered;
  /** The methods a route accepts in this dialect, given the ones the interface states. */
  readonly methods?: (kind: RecordKind, methods: readonly string[]) => readonly string[];
}

/** Builds a dialect's `render` from its table (keeps the kind/value pairing typed). */
export function fromTable(table: Renderers): NonNullable<Dialect['render']> {
  return (kind, value) => table[kind](value);
}
