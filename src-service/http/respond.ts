import type { IncomingMessage, ServerResponse } from 'node:http';
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
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...JSON_HEADERS, 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendError(
  res: ServerResponse,
  error: ApiError,
  headers: Record<string, string> = {},
): void {
  const extra = { ...headers };
  if (error.kind === 'invalid_token') extra['www-authenticate'] = 'Bearer error="invalid_token"';
  if (error.kind === 'insufficient_scope') {
    extra['www-authenticate'] = 'Bearer error="insufficient_scope", scope="serviceApi"';
  }
  sendJson(res, ERROR_STATUS[error.kind], { error: error.kind, message: error.message }, extra);
}

/** Reads and parses a JSON body; anything but `application/json` (any charset) is refused. */
export async function readJson(req: IncomingMessage): Promise<Result<unknown>> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return fail('invalid_request', 'The body must be JSON with content-type: application/json.');
  }
  const text = await readBody(req);
  if (text === undefined) return fail('payload_too_large', 'The body is larger than 64 KiB.');
  try {
    return ok(JSON.parse(text));
  } catch {
    return fail('invalid_request', 'The body is not valid JSON.');
  }
}

/** The body as text, or undefined past MAX_BODY_BYTES (the rest is then discarded). */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')),
    );
    req.on('error', reject);
  });
}
