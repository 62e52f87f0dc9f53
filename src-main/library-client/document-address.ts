import type { AddressCheck } from '../../src-common/ipc/console/documents';
import { networkCode } from '../library/library-error';

export interface AddressCheckOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Tests give a fetch of their own; the kiosk uses Node's. */
  fetch?: typeof fetch;
}

/**
 * Whether a published document's address opens for someone who has only the address: a GET with
 * no token and no signature, as a patron's browser would send it. Only the first byte is asked
 * for (`Range`), and the body is never read: a 100 MB document is not downloaded to check it.
 */
export async function checkDocumentAddress(
  address: string,
  options: AddressCheckOptions,
): Promise<AddressCheck> {
  if (!URL.canParse(address) || !/^https?:$/.test(new URL(address).protocol)) {
    return { result: 'not-an-address' };
  }
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await (options.fetch ?? fetch)(address, {
      headers: { range: 'bytes=0-0' },
      redirect: 'follow',
      signal,
    });
    await response.body?.cancel().catch(() => undefined);
    return response.ok ? { result: 'opens' } : { result: 'refused', status: response.status };
  } catch (error) {
    if (timeout.aborted) return { result: 'unreachable', cause: 'timeout' };
    return { result: 'unreachable', cause: networkCode(error) };
  }
}
