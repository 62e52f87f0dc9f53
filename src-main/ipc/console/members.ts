import { z } from 'zod';
import { consoleAnswer } from './answer';
import type { MembersChannel } from './channels';

// Placeholder schemas: each channel's real request and answer replace these.
const placeholder = { request: z.undefined(), response: consoleAnswer(z.null()) };

export const membersInvokeContract = {
  'members.search': placeholder,
  'members.get': placeholder,
  'members.lists': placeholder,
  'members.update': placeholder,
  'lookup.member': placeholder,
  'lookup.checkOut': placeholder,
  'lookup.checkIn': placeholder,
} as const satisfies Record<MembersChannel, unknown>;
