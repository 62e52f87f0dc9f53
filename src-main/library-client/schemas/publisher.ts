import { z } from 'zod';
import { maySendSecrets } from '../../../src-shared/loopback';

export const CreateDocumentRequestSchema = z.object({
  /** null creates a new document; an existing itemId adds a sub-document to it. */
  docid: z.string().nullable(),
  name: z.string(),
});

/** The reader's issue for an upload address in plain http to another host (no value: it is signed). */
export const INSECURE_UPLOAD_ADDRESS =
  'uploadendpoint: plain http to another host (https, or http only to this machine)';

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
  uploadendpoint: z
    .url({ protocol: /^https?$/ })
    // The address carries the upload signature and the file: the service URLs' rule holds. Not a
    // URL, or not http(s), is the check above's to report.
    .refine(
      (value) =>
        !URL.canParse(value) ||
        new URL(value).protocol !== 'http:' ||
        maySendSecrets(new URL(value)),
      {
        message: INSECURE_UPLOAD_ADDRESS,
      },
    ),
});

export type CreateDocumentRequest = z.infer<typeof CreateDocumentRequestSchema>;
export type UploadTicket = z.infer<typeof UploadTicketSchema>;
