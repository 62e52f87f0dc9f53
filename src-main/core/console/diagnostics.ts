import type { DiagnosticsChannel } from '../../ipc/console/channels';
import { failed } from './answer';
import type { ConsoleArea, ConsoleContext } from './deps';

const notYet = () => failed({ kind: 'unavailable', reason: 'not-built' });

export function createDiagnosticsArea(_context: ConsoleContext): ConsoleArea<DiagnosticsChannel> {
  return {
    handlers: {
      'console.account': notYet,
      'console.status': notYet,
      'diagnostics.probe': notYet,
      'diagnostics.saveFieldMap': notYet,
    },
  };
}
