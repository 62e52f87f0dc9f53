import { z } from 'zod';

export const CreateDocumentRequestSchema = z.object({
  /** null creates a new document; an existing itemId adds a sub-document to it. */
  docid: z.string().nullable(),
  name: z.string(),
});

/**
 * The upload ticket as the reader found it (reader/ticket.ts). Only the upload endpoint is needed to
 * upload, so only it is required. `sas` and `uploadendpoint` carry the upload signature: never log
 * them.
 */
export const UploadTicketSchema = z.object({
  itemId: z.string().optional(),
  fileId: z.string().optional(),
  container: z.string().optional(),
  sas: z.string().optional(),
  url: z.string().optional(),
  subdocid: z.number().optional(),
  uploadendpoint: z.url({ protocol: /^https?$/ }),
});

export type CreateDocumentRequest = z.infer<typeof CreateDocumentRequestSchema>;
export type UploadTicket = z.infer<typeof UploadTicketSchema>;
