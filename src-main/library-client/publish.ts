import path from 'node:path';
import type { CallOptions, RestLibraryClient } from './client';
import type { LibraryError } from '../library/library-error';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { UploadTicket } from './schemas/publisher';
import type { UploadError, UploadProgress } from './upload';

export interface PublishOptions extends CallOptions {
  /** Defaults to the file's own name. */
  name?: string;
  /** itemId of an existing document to add a sub-document to; null for a new document. */
  docid?: string | null;
  onProgress?: (progress: UploadProgress) => void;
  /** The document record exists and its bytes start to go up (the staff screen's phase). */
  onUploading?: (started: UploadStarted) => void;
}

export interface UploadStarted {
  document: PublishedDocument;
  /**
   * When the upload signature stops working, read from its `se` parameter (the Azure SAS
   * convention; the interface says nothing of it): absent when the ticket does not say.
   */
  signatureExpiresAt?: Date;
}

/** What staff may see of a published document: the ticket without its upload signature. */
export type PublishedDocument = Pick<
  UploadTicket,
  'itemId' | 'fileId' | 'container' | 'url' | 'subdocid'
>;

export type PublishError = LibraryError | UploadError;

/** The `se` (signed expiry) of an Azure-style SAS upload address, when it has a readable one. */
export function signatureExpiry(uploadEndpoint: string): Date | undefined {
  const se = URL.canParse(uploadEndpoint) ? new URL(uploadEndpoint).searchParams.get('se') : null;
  const at = se ? new Date(se) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : undefined;
}

/** The seed's order: create the document record, then upload the bytes to its upload endpoint. */
export async function publishDocument(
  client: RestLibraryClient,
  filePath: string,
  options: PublishOptions = {},
): Promise<Result<PublishedDocument, PublishError>> {
  const signal = options.signal ? { signal: options.signal } : {};
  const ticket = await client.createDocument(
    { name: options.name ?? path.basename(filePath), docid: options.docid ?? null },
    signal,
  );
  if (!ticket.ok) return ticket;
  const { itemId, fileId, container, url, subdocid } = ticket.value;
  const document = { itemId, fileId, container, url, subdocid };
  const expiresAt = signatureExpiry(ticket.value.uploadendpoint);
  options.onUploading?.({ document, ...(expiresAt ? { signatureExpiresAt: expiresAt } : {}) });
  const uploaded = await client.uploadFile(ticket.value, filePath, {
    ...signal,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  if (!uploaded.ok) return err(uploaded.error);
  return ok(document);
}
