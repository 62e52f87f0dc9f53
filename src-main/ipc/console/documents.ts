import { z } from 'zod';
import { consoleAnswer } from './answer';
import type { DocumentsChannel } from './channels';

// Placeholder schemas: each channel's real request and answer replace these.
const placeholder = { request: z.undefined(), response: consoleAnswer(z.null()) };

export const documentsInvokeContract = {
  'documents.choose': placeholder,
  'documents.stage': placeholder,
  'documents.publish': placeholder,
  'documents.cancel': placeholder,
  'documents.discard': placeholder,
} as const satisfies Record<DocumentsChannel, unknown>;

/** The document being published, in staff mode's state so that its progress bar moves. */
export const UploadViewSchema = z.object({
  name: z.string(),
  phase: z.enum(['creating', 'uploading', 'published', 'failed', 'cancelled']),
  sentBytes: z.number().int().nonnegative(),
  totalBytes: z.number().int().nonnegative(),
});
export type UploadView = z.infer<typeof UploadViewSchema>;
