import type { MembersChannel } from '../../ipc/console/channels';
import { failed } from './answer';
import type { ConsoleArea, ConsoleContext } from './deps';

const notYet = () => failed({ kind: 'unavailable', reason: 'not-built' });

export function createMembersArea(_context: ConsoleContext): ConsoleArea<MembersChannel> {
  return {
    handlers: {
      'members.search': notYet,
      'members.get': notYet,
      'members.lists': notYet,
      'members.update': notYet,
      'lookup.member': notYet,
      'lookup.checkOut': notYet,
      'lookup.checkIn': notYet,
    },
  };
}
