import type { Result as CommonResult } from '../src-common/result';

/** API errors are values: a stable `kind` (sent as `error`) the kiosk maps to a message. */

export const ERROR_STATUS = {
  invalid_request: 400,
  customer_not_found: 400,
  member_not_found: 400,
  member_blocked: 400,
  member_expired: 400,
  fine_threshold_exceeded: 400,
  loan_limit_reached: 400,
  item_not_found: 400,
  item_on_loan_to_other: 400,
  item_not_on_loan: 400,
  branch_not_found: 400,
  member_type_not_found: 400,
  barcode_in_use: 400,
  invalid_document_name: 400,
  document_not_found: 400,
  invalid_token: 401,
  insufficient_scope: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ApiErrorKind = keyof typeof ERROR_STATUS;

export interface ApiError {
  kind: ApiErrorKind;
  message: string;
}

/** The kiosk's one result shape (src-common/result.ts), its error always an API error. */
export type Result<T> = CommonResult<T, ApiError>;

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const fail = <T = never>(kind: ApiErrorKind, message: string): Result<T> => ({
  ok: false,
  error: { kind, message },
});
