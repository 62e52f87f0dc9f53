import { describe, expect, it } from 'vitest';
import { readUploadTicket } from '../../../../src-main/library-client/reader/ticket';
import type { FieldMap, Reading } from '../../../../src-main/library-client/reader/view';

const reading = (fieldMap: FieldMap = {}): Reading => ({ fieldMap, now: 0 });

const ENDPOINT = 'https://blob.example/documents/a/1/report.pdf?sv=2024&sig=abc';
const TICKET = {
  itemId: '0b8f6a52-1d7e-4a4b-9d2e-6c1f0a3b5e71',
  fileId: '5d0c2e9a-7b1f-4c3d-8e6a-2f9b0c1d3e4f',
  container: 'documents',
  sas: 'sv=2024&sig=abc',
  url: 'https://blob.example/documents/a/1/report.pdf',
  subdocid: 1,
  uploadendpoint: ENDPOINT,
};

describe('upload tickets', () => {
  it.each([
    ['as the interface spells it', TICKET],
    [
      'in camelCase with the number as a string',
      {
        itemId: TICKET.itemId,
        fileId: TICKET.fileId,
        container: 'documents',
        sas: TICKET.sas,
        url: TICKET.url,
        subDocId: '1',
        uploadEndpoint: ENDPOINT,
      },
    ],
    [
      'in snake_case',
      {
        item_id: TICKET.itemId,
        file_id: TICKET.fileId,
        container: 'documents',
        sas: TICKET.sas,
        url: TICKET.url,
        subdoc_id: 1,
        upload_endpoint: ENDPOINT,
      },
    ],
    ['in a data envelope', { data: TICKET, success: true }],
    [
      'in upper case',
      Object.fromEntries(Object.entries(TICKET).map(([k, v]) => [k.toUpperCase(), v])),
    ],
  ])('reads a ticket %s', (_, body) => {
    expect(readUploadTicket(body, reading())).toEqual({ ok: true, value: TICKET });
  });

  it('reads the upload endpoint from a field the field map names', () => {
    const body = { ...TICKET, uploadendpoint: undefined, putHere: ENDPOINT };
    const map: FieldMap = { 'uploadTicket.uploadendpoint': 'putHere' };
    expect(readUploadTicket(body, reading(map))).toMatchObject({
      ok: true,
      value: { uploadendpoint: ENDPOINT },
    });
  });

  it('takes a ticket that names only where to upload', () => {
    expect(readUploadTicket({ uploadUrl: ENDPOINT }, reading())).toEqual({
      ok: true,
      value: { uploadendpoint: ENDPOINT },
    });
  });

  it('refuses a ticket without an upload endpoint, naming its fields but no value', () => {
    const { uploadendpoint: _, ...rest } = TICKET;
    const read = readUploadTicket(rest, reading());
    expect(read).toEqual({
      ok: false,
      error:
        'no upload endpoint (uploadendpoint) in the ticket (fields: itemId, fileId, container, sas, url, subdocid)',
    });
  });

  it('refuses an upload endpoint that is not an http(s) address, without quoting it', () => {
    const read = readUploadTicket({ ...TICKET, uploadendpoint: 'file:///etc/passwd' }, reading());
    expect(read).toEqual({ ok: false, error: 'uploadendpoint: not an http(s) address' });
  });

  it('refuses an upload address in plain http to another host, and takes https or this machine', () => {
    const refusedIssue = {
      ok: false,
      error: 'uploadendpoint: plain http to another host (https, or http only to this machine)',
    };
    for (const address of [
      'http://example.invalid/documents/a/1/report.pdf?sig=abc',
      'http://blob.example/documents/a/1/report.pdf?sig=abc',
      'http://127.0.0.1.example.org/documents/a?sig=abc',
    ]) {
      expect(readUploadTicket({ ...TICKET, uploadendpoint: address }, reading())).toEqual(
        refusedIssue,
      );
    }
    for (const address of [
      ENDPOINT,
      'http://127.0.0.1:10000/devstoreaccount1/documents/a?sig=abc',
      'http://localhost:10000/documents/a?sig=abc',
      'http://[::1]:10000/documents/a?sig=abc',
    ]) {
      expect(readUploadTicket({ ...TICKET, uploadendpoint: address }, reading())).toMatchObject({
        ok: true,
        value: { uploadendpoint: address },
      });
    }
  });

  it('refuses an answer that is not a record', () => {
    expect(readUploadTicket(undefined, reading())).toEqual({
      ok: false,
      error: 'expected an upload ticket, got a body that is not JSON',
    });
    expect(readUploadTicket([TICKET], reading())).toMatchObject({ ok: false });
  });
});
