import type { SettingsChannel } from '../../ipc/console/channels';
import { failed } from './answer';
import type { ConsoleArea, ConsoleContext } from './deps';

const notYet = () => failed({ kind: 'unavailable', reason: 'not-built' });

export function createSettingsArea(_context: ConsoleContext): ConsoleArea<SettingsChannel> {
  return {
    handlers: {
      'settings.get': notYet,
      'settings.check': notYet,
      'settings.save': notYet,
      'settings.export': notYet,
      'settings.previewImport': notYet,
      'settings.changePin': notYet,
      'settings.restart': notYet,
    },
  };
}
