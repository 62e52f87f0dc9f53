import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dialect } from '../dialects';
import { ERROR_STATUS, fail, ok, type ApiError, type Result } from '../errors';

export const MAX_BODY_BYTES = 64 * 1024;

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  /** Trailing spaces after the JSON (the padAnswerBytes fault knob): a long answer still valid. */
  padBytes = 0,
): void {
  const text = padBytes > 0 ? JSON.stringify(body) + ' '.repeat(padBytes) : JSON.stringify(body);
  res.writeHead(status, { ...JSON_HEADERS, 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** An error answer; `dialect` spells the body (default: the reference `{ error, message }`). */
export function sendError(
  res: ServerResponse,
  error: ApiError,
  headers: Record<string, string> = {},
  dialect?: Dialect,
): void {
  const extra = { ...headers };
  if (error.kind === 'invalid_token') extra['www-authenticate'] = 'Bearer error="invalid_token"';
  if (error.kind === 'insufficient_scope') {
    extra['www-authenticate'] = 'Bearer error="insufficient_scope", scope="serviceApi"';
  }
  if (error.kind === 'payload_too_large') {
    // The rest of the body is never read: close the connection once the answer is out.
    extra.connection = 'close';
    res.once('finish', () => res.req.destroy());
  }
  const status = ERROR_STATUS[error.kind];
  if (!dialect?.error) {
    sendJson(res, status, { error: error.kind, message: error.message }, extra);
    return;
  }
  const out = dialect.error(error, status);
  // The dialect may change the content type; allow and www-authenticate stay as the protocol says.
  sendJson(res, status, out.body, { ...out.headers, ...extra });
}

/** Reads and parses a JSON body; anything but `application/json` (any charset) is refused. */
export async function readJson(req: IncomingMessage): Promise<Result<unknown>> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return fail('invalid_request', 'The body must be JSON with content-type: application/json.');
  }
  const tooLarge = fail('payload_too_large', 'The body is larger than 64 KiB.');
  // A declared length above the limit is refused before a byte of the body is read.
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return tooLarge;
  const text = await readBody(req);
  if (text === undefined) return tooLarge;
  try {
    return ok(JSON.parse(text));
  } catch {
    return fail('invalid_request', 'The body is not valid JSON.');
  }
}

/**
 * The body as text, or undefined as soon as it grows past MAX_BODY_BYTES: reading stops there and
 * the rest is never read (sendError then closes the connection).
 */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', reject);
      req.pause();
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        stop();
        resolve(undefined);
      } else chunks.push(chunk);
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
}
