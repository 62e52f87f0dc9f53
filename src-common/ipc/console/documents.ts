import { z } from 'zod';
import { ConsoleProblemSchema, consoleAnswer } from './answer';
import type { DocumentsChannel } from './channels';

/** Longest file name the browser may announce for a staged file (it is shown, never a path). */
export const MAX_FILE_NAME_LENGTH = 255;
/** The interface's rule: a non-empty document name has at least 3 characters. */
export const MIN_DOCUMENT_NAME_LENGTH = 3;
/** Beyond the interface: a bound on what the kiosk sends at all (the service states none). */
export const MAX_DOCUMENT_NAME_LENGTH = 1_000;

/**
 * Whether the document's address opened for someone who has only the address (no token, no
 * signature), checked by the kiosk before the screen calls it shareable: it opened; the store
 * answered with a refusal (`status`); no answer (`cause`, a network code or `timeout`); or the
 * service gave something that is not an http(s) address.
 */
export const AddressCheckSchema = z.discriminatedUnion('result', [
  z.object({ result: z.literal('opens') }),
  z.object({ result: z.literal('refused'), status: z.number().int() }),
  z.object({ result: z.literal('unreachable'), cause: z.string().max(100) }),
  z.object({ result: z.literal('not-an-address') }),
]);
export type AddressCheck = z.infer<typeof AddressCheckSchema>;

/** What staff may see of a published document: the ticket without its upload signature. */
export const PublishedDocumentSchema = z.object({
  itemId: z.string().optional(),
  fileId: z.string().optional(),
  container: z.string().optional(),
  /** The document's address (the ticket's `url`), never the signed upload endpoint. */
  url: z.string().optional(),
  subdocid: z.number().optional(),
  /** Once published: whether `url` opened; absent while it is being checked, or without a url. */
  address: AddressCheckSchema.optional(),
});
export type PublishedDocumentView = z.infer<typeof PublishedDocumentSchema>;

/**
 * A document this kiosk published, as the kiosk's own record keeps it (the interface cannot list
 * documents): its name, its id (`itemId`, the `docid` of a later sub-document) and when.
 */
export const PublishedEntrySchema = z.object({
  name: z.string().max(MAX_DOCUMENT_NAME_LENGTH),
  docid: z.string().max(200),
  /** ISO 8601. */
  publishedAt: z.string(),
});
export type PublishedEntry = z.infer<typeof PublishedEntrySchema>;

/** Why a chosen file was not taken; checked by the kiosk before any service request. */
export const FileRejectionSchema = z.enum(['not-pdf', 'too-large', 'empty', 'unreadable']);
export type FileRejection = z.infer<typeof FileRejectionSchema>;

/**
 * Why a publish attempt failed, as staff are told: the name was refused (400 on create), the
 * upload signature was refused (403) or had expired, the upload itself failed (400), the ticket's
 * upload address was plain http to another host (refused before sending), the network
 * or a time-out, the file could no longer be read, sign-in needed, or anything else the service
 * said. Each is retryable: a retry makes a fresh create-document call (docs/staff-documents.md).
 */
export const PublishFailureSchema = z.enum([
  'name-refused',
  'create-refused',
  'signature-refused',
  'ticket-expired',
  'upload-refused',
  'upload-address-insecure',
  'unreachable',
  'timeout',
  'file-unreadable',
  'sign-in',
  'other',
]);
export type PublishFailure = z.infer<typeof PublishFailureSchema>;

export const UploadPhaseSchema = z.enum([
  /** Nothing chosen yet. */
  'empty',
  /** The browser is sending the chosen file to the kiosk (web host). */
  'receiving',
  /** A PDF is chosen and checked; nothing was sent to the service yet. */
  'chosen',
  'creating',
  'uploading',
  'published',
  'failed',
  'cancelled',
]);
export type UploadPhase = z.infer<typeof UploadPhaseSchema>;

/**
 * The documents screen's state, in staff mode's state so that its progress bar moves and nothing
 * chosen is lost when staff switch screens. Never a path, never the upload signature.
 */
export const UploadViewSchema = z.object({
  phase: UploadPhaseSchema,
  /** How this host lets staff choose a file: Electron's dialog, the browser's file input, or not at all. */
  chooseBy: z.enum(['dialog', 'browser', 'none']),
  /** The configured size limit (settings `documents.maxUploadBytes`). */
  maxBytes: z.number().int().positive(),
  /** The chosen PDF: kept until staff discard it or leave staff mode, whatever else fails. */
  file: z.object({ fileName: z.string(), sizeBytes: z.number().int().nonnegative() }).optional(),
  /** The last file staff chose that was not taken, and why. */
  rejected: z.object({ fileName: z.string(), reason: FileRejectionSchema }).optional(),
  /** The name and document id of the last publish attempt, as staff typed them. */
  name: z.string(),
  docid: z.string().nullable(),
  sentBytes: z.number().int().nonnegative(),
  totalBytes: z.number().int().nonnegative(),
  /** Once the document record exists (from `uploading` on). */
  document: PublishedDocumentSchema.optional(),
  failure: z.object({ reason: PublishFailureSchema, problem: ConsoleProblemSchema }).optional(),
});
export type UploadView = z.infer<typeof UploadViewSchema>;

const None = z.undefined();

export const StageRequestSchema = z.object({
  fileName: z.string().min(1).max(MAX_FILE_NAME_LENGTH),
  sizeBytes: z.number().int().nonnegative(),
});

/** Where and how the renderer sends the bytes: one PUT, the token in `x-staging-token`. */
export const StageTicketSchema = z.object({ path: z.string(), token: z.string() });

export const PublishRequestSchema = z.object({
  name: z.string().max(MAX_DOCUMENT_NAME_LENGTH),
  /** An existing document's itemId to add this file to as a sub-document; null: a new document. */
  docid: z.string().max(200).nullable(),
});
export type PublishRequest = z.infer<typeof PublishRequestSchema>;

export const documentsInvokeContract = {
  /** Electron: the open dialog; `chosen: false` when staff closed it without a file. */
  'staff.console.documents.choose': {
    request: None,
    response: consoleAnswer(z.object({ chosen: z.boolean() })),
  },
  /** Web host: a one-time token to PUT the file's bytes to the kiosk's staging route. */
  'staff.console.documents.stage': {
    request: StageRequestSchema,
    response: consoleAnswer(StageTicketSchema),
  },
  /** Create the document, then upload; answers when it is published or has failed. */
  'staff.console.documents.publish': {
    request: PublishRequestSchema,
    response: consoleAnswer(PublishedDocumentSchema),
  },
  'staff.console.documents.cancel': {
    request: None,
    response: consoleAnswer(z.object({ cancelled: z.boolean() })),
  },
  /** The documents this kiosk published, newest first (its own record, in its data folder). */
  'staff.console.documents.published': {
    request: None,
    response: consoleAnswer(z.object({ documents: z.array(PublishedEntrySchema) })),
  },
  /** Forget the chosen file (and delete the kiosk's staged copy). */
  'staff.console.documents.discard': { request: None, response: consoleAnswer(z.null()) },
} as const satisfies Record<DocumentsChannel, unknown>;
