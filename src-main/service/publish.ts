import path from 'node:path';
import type { CallOptions, ServiceClient } from './client';
import type { ServiceError } from './errors';
import { err, ok } from '../../src-shared/result';
import type { Result } from '../../src-shared/result';
import type { UploadTicket } from './schemas/publisher';
import type { UploadError, UploadProgress } from './upload';

export interface PublishOptions extends CallOptions {
  /** Defaults to the file's own name. */
  name?: string;
  /** itemId of an existing document to add a sub-document to; null for a new document. */
  docid?: string | null;
  onProgress?: (progress: UploadProgress) => void;
}

/** What staff may see of a published document: the ticket without its upload signature. */
export type PublishedDocument = Pick<
  UploadTicket,
  'itemId' | 'fileId' | 'container' | 'url' | 'subdocid'
>;

export type PublishError = ServiceError | UploadError;

/** The seed's order: create the document record, then upload the bytes to its upload endpoint. */
export async function publishDocument(
  client: ServiceClient,
  filePath: string,
  options: PublishOptions = {},
): Promise<Result<PublishedDocument, PublishError>> {
  const signal = options.signal ? { signal: options.signal } : {};
  const ticket = await client.createDocument(
    { name: options.name ?? path.basename(filePath), docid: options.docid ?? null },
    signal,
  );
  if (!ticket.ok) return ticket;
  const uploaded = await client.uploadFile(ticket.value, filePath, {
    ...signal,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  if (!uploaded.ok) return err(uploaded.error);
  const { itemId, fileId, container, url, subdocid } = ticket.value;
  return ok({ itemId, fileId, container, url, subdocid });
}
