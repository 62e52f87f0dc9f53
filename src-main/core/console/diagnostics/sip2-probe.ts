import type { ConsoleAnswer } from '../../../../src-common/ipc/console/answer';
import type { Sip2ProbeView } from '../../../../src-common/ipc/console/diagnostics';
import { runSip2Probe } from '../../../library-client/sip2/probe';
import { answered, failed } from '../answer';
import type { ConsoleContext } from '../deps';

/** The CLI's `probe --sip2` from the diagnostics screen, with the kiosk's own SIP2 settings. */
export async function sip2Probe(context: ConsoleContext): Promise<ConsoleAnswer<Sip2ProbeView>> {
  const options = await context.sip2ProbeOptions?.();
  if (!options) return failed({ kind: 'unavailable', reason: 'no-sip2' });
  context.touch();
  const report = await runSip2Probe(options);
  context.touch();
  return answered({ report, ranAt: Date.now() });
}
