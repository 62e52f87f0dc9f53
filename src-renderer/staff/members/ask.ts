import type { KioskBridge, RequestArgs, ResponseOf } from '../../../src-common/ipc/contract';
import type { MembersChannel } from '../../../src-common/ipc/console/channels';

/**
 * One console call whose transport failure (WebSocket gone, payload refused) becomes a console
 * problem like any other, so a screen has one kind of answer to show.
 */
export async function ask<C extends MembersChannel>(
  bridge: KioskBridge,
  channel: C,
  ...request: RequestArgs<C>
): Promise<ResponseOf<C>> {
  const result = await bridge.invoke(channel, ...request);
  if (result.ok) return result.value;
  return {
    ok: false,
    problem: { kind: 'unavailable', reason: result.error.kind },
  } as ResponseOf<C>;
}
