import type { ConsoleAnswer } from '../../../../src-common/ipc/console/answer';
import type { ProbeRequest, ProbeView } from '../../../../src-common/ipc/console/diagnostics';
import { runProbe } from '../../../library-client/probe';
import type { ProbeOptions } from '../../../library-client/probe';
import { answered, failed } from '../answer';
import type { ConsoleContext } from '../deps';
import { checkFieldMap } from './field-map';

/**
 * The CLI's probe from the diagnostics screen: with the kiosk's own client, or, to test a field
 * map before it is saved, with a client over the same staff tokens that reads with that map.
 */
export async function probe(
  context: ConsoleContext,
  request: ProbeRequest,
  signal: AbortSignal,
): Promise<ConsoleAnswer<ProbeView>> {
  let client = context.auth.client;
  let fieldMap: Record<string, string> = { ...context.settings.service.fieldMap } as Record<
    string,
    string
  >;
  if (request.fieldMap) {
    const checked = checkFieldMap(request.fieldMap);
    if (!checked.ok) return failed({ kind: 'invalid', issues: checked.error });
    if (!context.auth.clientWithFieldMap) {
      return failed({ kind: 'unavailable', reason: 'no-field-map-test' });
    }
    client = context.auth.clientWithFieldMap(checked.value);
    fieldMap = { ...checked.value } as Record<string, string>;
  }
  const { member } = request;
  const options: ProbeOptions = {
    signal,
    ...(member?.by === 'barcode' ? { barcode: member.barcode } : {}),
    ...(member?.by === 'email' ? { email: member.email } : {}),
  };
  context.touch();
  const report = await runProbe(client, options);
  context.touch();
  return answered({ report, fieldMap, tested: request.fieldMap !== undefined, ranAt: Date.now() });
}
