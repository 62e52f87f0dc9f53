import { z } from 'zod';

export const CreateDocumentRequestSchema = z.object({
  /** null creates a new document; an existing itemId adds a sub-document to it. */
  docid: z.string().nullable(),
  name: z.string(),
});

/** The upload ticket. `sas` and `uploadendpoint` carry the upload signature: never log them. */
export const UploadTicketSchema = z.looseObject({
  itemId: z.string(),
  fileId: z.string(),
  container: z.string(),
  sas: z.string(),
  url: z.string(),
  subdocid: z.union([z.number(), z.string()]).pipe(z.coerce.number()),
  uploadendpoint: z.url({ protocol: /^https?$/ }),
});

export type CreateDocumentRequest = z.infer<typeof CreateDocumentRequestSchema>;
export type UploadTicket = z.infer<typeof UploadTicketSchema>;
