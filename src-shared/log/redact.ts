/** Keys whose values are secrets: they never reach a log line, an IPC event or an error message. */
const SECRET_KEY =
  /token|secret|password|passwd|authorization|cookie|verifier|^code$|^pin$|sas|signature|key$/i;

/** Query parameters that carry secrets inside URLs (authorization codes, SAS signatures, tokens). */
const SECRET_QUERY =
  /([?&](?:code|sig|access_token|refresh_token|id_token|code_verifier|client_secret|state)=)[^&#\s]*/gi;

/** Bearer credentials and JWT-shaped strings that slip into free text. */
const BEARER = /(bearer\s+)[A-Za-z0-9._~+/=-]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;

export const REDACTED = '[redacted]';

/**
 * A Node or system error code (ENOENT, ECONNREFUSED, ERR_TLS_CERT_ALTNAME_INVALID) is what an
 * operator needs and no secret; any other `code` may be an OAuth authorization code and is redacted.
 */
const ERROR_CODE = /^(?:E[A-Z0-9]{2,20}|ERR_[A-Z0-9_]{2,60})$/;

function isSecretKey(key: string, value: unknown): boolean {
  if (!SECRET_KEY.test(key)) return false;
  return !(key.toLowerCase() === 'code' && typeof value === 'string' && ERROR_CODE.test(value));
}

export function redactText(text: string): string {
  return text
    .replace(SECRET_QUERY, `$1${REDACTED}`)
    .replace(BEARER, `$1${REDACTED}`)
    .replace(JWT, REDACTED);
}

/** Deep copy with secret-looking keys replaced and secret-looking text scrubbed. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[deep]';
  if (typeof value === 'string') return redactText(value);
  if (value instanceof Error) {
    return { name: value.name, message: redactText(value.message) };
  }
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = isSecretKey(key, item) ? REDACTED : redact(item, depth + 1);
    }
    return out;
  }
  return value;
}
