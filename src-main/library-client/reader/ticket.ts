import { INSECURE_UPLOAD_ADDRESS, UploadTicketSchema } from '../schemas/publisher';
import type { UploadTicket } from '../schemas/publisher';
import { unwrapRecord } from './envelope';
import type { Read } from './records';
import { RecordView } from './view';
import { err, ok } from '../../../src-common/result';
import type { Reading } from './view';

/**
 * Create document's upload ticket, read by concept like every other answer: `uploadEndpoint`,
 * `upload_endpoint` or a `{ "data": {...} }` envelope read the same. A ticket without an http(s)
 * upload endpoint is refused: there is nowhere to send the file; so is one in plain http to another
 * host, before a byte is sent (the service URLs' rule, `maySendSecrets`).
 */
export function readUploadTicket(body: unknown, reading: Reading): Read<UploadTicket> {
  const record = unwrapRecord(body);
  if (!record) {
    return err(`expected an upload ticket, got a ${describe(body)}`);
  }
  const view = new RecordView('uploadTicket', record, reading);
  const ticket = UploadTicketSchema.safeParse({
    itemId: view.text('itemId'),
    fileId: view.text('fileId'),
    container: view.text('container'),
    sas: view.text('sas'),
    url: view.text('url'),
    subdocid: view.count('subdocid'),
    uploadendpoint: view.text('uploadendpoint'),
  });
  if (ticket.success) return ok(ticket.data);
  if (ticket.error.issues.some((issue) => issue.message === INSECURE_UPLOAD_ADDRESS)) {
    return err(INSECURE_UPLOAD_ADDRESS);
  }
  const found = view.find('uploadendpoint') !== undefined;
  // Key names only: the endpoint's value carries the upload signature.
  return err(
    found
      ? 'uploadendpoint: not an http(s) address'
      : `no upload endpoint (uploadendpoint) in the ticket (fields: ${
          Object.keys(record).slice(0, 12).join(', ') || 'none'
        })`,
  );
}

function describe(body: unknown): string {
  if (body === undefined) return 'body that is not JSON';
  return Array.isArray(body) ? 'list' : body === null ? 'null' : typeof body;
}
