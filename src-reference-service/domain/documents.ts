import { randomUUID } from 'node:crypto';
import { BLOB_CONTAINER } from '../config';
import type { UploadSigner } from '../blob/sas';
import type { Db } from '../db/open';
import { fail, ok, type Result } from '../errors';
import type { CreateDocumentRequest, UploadTicket } from './schemas';

export const MIN_NAME_LENGTH = 3;

/** Publisher documents: each call makes a file record and an upload ticket into Azurite. */
export function createDocuments(
  db: Db,
  blobUrl: () => string,
  now: () => Date,
  uploadSas: UploadSigner,
) {
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
    (request: CreateDocumentRequest, staffId: string): Result<UploadTicket> => {
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
      const sas = uploadSas(BLOB_CONTAINER, blobName, now());
      const url = `${blobUrl()}/${BLOB_CONTAINER}/${blobName}`;
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
    create: (request: CreateDocumentRequest, staffId: string) => create.immediate(request, staffId),
  };
}

export type Documents = ReturnType<typeof createDocuments>;
