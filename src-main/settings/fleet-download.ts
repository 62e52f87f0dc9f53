import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';

/** The largest fleet file read: a settings export is a few kilobytes. */
export const FLEET_FILE_MAX_BYTES = 1024 * 1024;

/**
 * The fleet file's text, or why it could not be had, in words for the log (no URL in them: the
 * caller names the host). A redirect is refused, not followed: the file comes from the URL staff
 * configured or not at all.
 */
export async function downloadFleetFile(
  url: string,
  {
    timeoutMs,
    maxBytes = FLEET_FILE_MAX_BYTES,
    fetch: fetcher = fetch,
  }: { timeoutMs: number; maxBytes?: number; fetch?: typeof fetch },
): Promise<Result<string, string>> {
  let response: Response;
  try {
    response = await fetcher(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    const name = (error as Error | undefined)?.name;
    if (name === 'TimeoutError') return err(`no answer within ${timeoutMs} ms`);
    const code = ((error as { cause?: { code?: string } } | undefined)?.cause?.code ??
      'network error') as string;
    return err(`cannot be reached (${code})`);
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    return err(`answered with a redirect (HTTP ${response.status}), which is not followed`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    return err(`answered HTTP ${response.status}`);
  }
  const reader = response.body?.getReader();
  if (!reader) return ok('');
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return err(`sent more than ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (error) {
    const name = (error as Error | undefined)?.name;
    return err(name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'broke off');
  }
  return ok(Buffer.concat(chunks).toString('utf8'));
}
