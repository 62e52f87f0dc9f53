import type { AuthRequiredReason } from '../library/library-error';
import type { Result } from '../../src-common/result';

/**
 * Where the service client gets bearer tokens. The auth module implements it with refresh ahead
 * of expiry and single-flight refresh; the client only asks and reports rejections.
 */
export interface AccessTokenSource {
  /** A token that is valid now, refreshed first when it is close to expiry. */
  current(): Promise<Result<string, AuthRequiredReason>>;
  /**
   * The API answered 401 to `rejected`: return a different token (one refresh, shared with any
   * concurrent caller), or the reason staff must sign in.
   */
  renew(rejected: string): Promise<Result<string, AuthRequiredReason>>;
}
