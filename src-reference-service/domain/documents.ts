import { randomUUID } from 'node:crypto';
import { BLOB_CONTAINER } from '../config';
import type { BlobStore } from '../blob/blob-store';
import type { Db } from '../db/open';
import { fail, ok, type Result } from '../errors';
import type { CreateDocumentRequest, UploadTicket } from './schemas';

export const MIN_NAME_LENGTH = 3;

/**
 * Publisher documents: each call makes a file record and an upload ticket into Azurite. A call
 * waits for the blob store while it is still starting, and is refused with 503 when it did not
 * start (the rest of the service answers either way).
 */
export function createDocuments(db: Db, blobStore: Promise<BlobStore>, now: () => Date) {
  const documentExists = db.prepare<[string], { item_id: string }>(
    'SELECT item_id FROM documents WHERE item_id = ?',
  );
  const nextSubdoc = db.prepare<[string], { next: number }>(
    'SELECT COALESCE(MAX(subdocid), 0) + 1 AS next FROM document_files WHERE item_id = ?',
  );
  const insertDocument = db.prepare(
    'INSERT INTO documents (item_id, created_at, created_by) VALUES (?, ?, ?)',
  );
  const insertFile = db.prepare(
    `INSERT INTO document_files (file_id, item_id, subdocid, name, blob_name, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );

  const create = db.transaction(
    (request: CreateDocumentRequest, staffId: string, store: BlobStore): Result<UploadTicket> => {
      const name = request.name;
      if (name.length > 0 && name.length < MIN_NAME_LENGTH) {
        return fail(
          'invalid_document_name',
          `The document name must be empty or at least ${MIN_NAME_LENGTH} characters long.`,
        );
      }
      const at = now().toISOString();
      let itemId: string;
      if (request.docid === null) {
        itemId = randomUUID();
        insertDocument.run(itemId, at, staffId);
      } else {
        if (!documentExists.get(request.docid)) {
          return fail('document_not_found', `No document has itemId ${request.docid}.`);
        }
        itemId = request.docid;
      }
      const subdocid = nextSubdoc.get(itemId)?.next ?? 1;
      const fileId = randomUUID();
      const blobName = `${itemId}/${fileId}`;
      insertFile.run(fileId, itemId, subdocid, name, blobName, at);
      const sas = store.sign(BLOB_CONTAINER, blobName, now());
      const url = `${store.ticketUrl}/${BLOB_CONTAINER}/${blobName}`;
      return ok({
        itemId,
        fileId,
        container: BLOB_CONTAINER,
        sas,
        url,
        subdocid,
        uploadendpoint: `${url}?${sas}`,
      });
    },
  );

  return {
    create: async (
      request: CreateDocumentRequest,
      staffId: string,
    ): Promise<Result<UploadTicket>> => {
      const store = await blobStore.catch(() => undefined);
      if (!store) {
        return fail(
          'service_unavailable',
          'The document store (blob storage) did not start, so documents cannot be published; the service log says why.',
        );
      }
      return create.immediate(request, staffId, store);
    },
  };
}

export type Documents = ReturnType<typeof createDocuments>;
