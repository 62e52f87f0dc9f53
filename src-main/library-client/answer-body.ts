import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';

/** `service.maxAnswerBytes` by default: far above any real answer (a page of members is ~10 KiB). */
export const DEFAULT_MAX_ANSWER_BYTES = 4 * 1024 ** 2;

/** What a capped read met: the body was longer than the cap, and the rest was never read. */
export class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';
  constructor(readonly limitBytes: number) {
    super(`answer larger than ${limitBytes} bytes`);
  }
}

const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

/**
 * A body read to its end as UTF-8 text, holding at most `maxBytes`: a stated Content-Length above
 * the cap is refused unread, and a body that grows past it is cancelled at that chunk. Network and
 * abort failures reject, as `response.text()` does.
 */
export async function readCappedText(
  response: Response,
  maxBytes: number,
): Promise<Result<string, 'too-large'>> {
  const stated = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(stated) && stated > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return err('too-large');
  }
  if (!response.body) return ok('');
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return err('too-large');
    }
    chunks.push(value);
  }
  // As response.text(): a UTF-8 BOM is dropped and invalid bytes become U+FFFD.
  return ok(new TextDecoder('utf-8').decode(Buffer.concat(chunks, total)));
}

/**
 * A fetch whose answers' bodies fail with AnswerTooLargeError past `maxBytes`, for readers the
 * kiosk does not own (oauth4webapi's token and discovery answers): they meet a failed read, never
 * an answer held whole in memory.
 */
export function cappedFetch(fetcher: typeof fetch, maxBytes: number): typeof fetch {
  return async (input, init) => {
    const response = await fetcher(input, init);
    if (!response.body || NULL_BODY_STATUS.has(response.status)) return response;
    let total = 0;
    const capped = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          total += chunk.byteLength;
          if (total > maxBytes) controller.error(new AnswerTooLargeError(maxBytes));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(capped, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
