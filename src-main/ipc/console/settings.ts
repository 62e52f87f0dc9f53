import { z } from 'zod';
import { consoleAnswer } from './answer';
import type { SettingsChannel } from './channels';

// Placeholder schemas: each channel's real request and answer replace these.
const placeholder = { request: z.undefined(), response: consoleAnswer(z.null()) };

export const settingsInvokeContract = {
  'settings.get': placeholder,
  'settings.check': placeholder,
  'settings.save': placeholder,
  'settings.export': placeholder,
  'settings.previewImport': placeholder,
  'settings.changePin': placeholder,
  'settings.restart': placeholder,
} as const satisfies Record<SettingsChannel, unknown>;
