import { z } from 'zod';
import { consoleAnswer } from './answer';
import type { DiagnosticsChannel } from './channels';

// Placeholder schemas: each channel's real request and answer replace these.
const placeholder = { request: z.undefined(), response: consoleAnswer(z.null()) };

export const diagnosticsInvokeContract = {
  'console.account': placeholder,
  'console.status': placeholder,
  'diagnostics.probe': placeholder,
  'diagnostics.saveFieldMap': placeholder,
} as const satisfies Record<DiagnosticsChannel, unknown>;
