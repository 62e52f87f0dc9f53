import type { DiagnosticsChannel } from '../../../src-common/ipc/console/channels';
import { answered } from './answer';
import type { ConsoleArea, ConsoleContext } from './deps';
import { accountView } from './diagnostics/account';
import { fieldMapView, saveFieldMap } from './diagnostics/field-map';
import { probe } from './diagnostics/probe';
import { sip2Probe } from './diagnostics/sip2-probe';
import { statusView } from './diagnostics/status';
import type { StatusDeps } from './diagnostics/status';

/** The status, sign-in and service diagnostics screens. */
export function createDiagnosticsArea(
  context: ConsoleContext,
  statusDeps?: StatusDeps,
): ConsoleArea<DiagnosticsChannel> {
  // A probe still running when staff mode ends is abandoned: nobody is there to read it.
  let probing = new AbortController();
  return {
    handlers: {
      'staff.console.diagnostics.account': () => accountView(context),
      'staff.console.diagnostics.status': async () =>
        answered(await statusView(context, statusDeps)),
      'staff.console.diagnostics.fieldMap': () => answered(fieldMapView(context)),
      'staff.console.diagnostics.probe': (request) => probe(context, request, probing.signal),
      'staff.console.diagnostics.saveFieldMap': ({ fieldMap }) => saveFieldMap(context, fieldMap),
      'staff.console.diagnostics.probeSip2': () => sip2Probe(context),
    },
    staffModeEnded() {
      probing.abort();
      probing = new AbortController();
    },
    dispose() {
      probing.abort();
    },
  };
}
