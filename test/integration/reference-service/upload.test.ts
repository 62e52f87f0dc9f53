import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  uploadTicketSchema,
  type UploadTicket,
} from '../../../src-reference-service/domain/schemas';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';

// The seed's Upload file row (201 / 400 / 403) and the publisher's ticket, against real Azurite.

let fx: ServiceFixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(async () => {
  await fx?.stop();
});

async function createDocument(body: { docid: string | null; name: string }): Promise<UploadTicket> {
  const answer = await fx.api('/api/publisher-document', { method: 'POST', body });
  return uploadTicketSchema.parse(answer.body);
}

function put(
  url: string,
  bytes: Uint8Array,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'PUT',
    headers: {
      'content-type': 'application/octet-stream',
      'x-ms-blob-type': 'BlockBlob',
      ...headers,
    },
    body: bytes,
  });
}

async function readBack(ticket: UploadTicket): Promise<Buffer> {
  const service = new BlobServiceClient(
    await fx.service.blobUrl(),
    new StorageSharedKeyCredential(fx.service.blobAccount.name, fx.service.blobAccount.key),
  );
  const blobName = ticket.url.slice(`${await fx.service.blobUrl()}/${ticket.container}/`.length);
  return service.getContainerClient(ticket.container).getBlobClient(blobName).downloadToBuffer();
}

describe('upload to the ticket', () => {
  it('answers 201 and stores the bytes unchanged', async () => {
    const ticket = await createDocument({ docid: null, name: 'Opening hours.pdf' });
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(256 * 1024)]);
    const answer = await put(ticket.uploadendpoint, bytes);
    expect(answer.status).toBe(201);
    expect((await readBack(ticket)).equals(bytes)).toBe(true);
  });

  it('answers 403 when the SAS signature is tampered with', async () => {
    const ticket = await createDocument({ docid: null, name: 'Tampered.pdf' });
    const url = new URL(ticket.uploadendpoint);
    const sig = url.searchParams.get('sig') ?? '';
    url.searchParams.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    expect((await put(url.toString(), Buffer.from('%PDF-1.7'))).status).toBe(403);
  });

  it('answers 403 when the SAS has expired', async () => {
    fx.shiftClock(-1); // a ticket made a day ago: its 15-minute SAS is long expired
    let ticket: UploadTicket;
    try {
      ticket = await createDocument({ docid: null, name: 'Late.pdf' });
    } finally {
      fx.shiftClock(1);
    }
    expect((await put(ticket.uploadendpoint, Buffer.from('%PDF-1.7'))).status).toBe(403);
  });

  it('answers 400 when the request is malformed (no x-ms-blob-type)', async () => {
    const ticket = await createDocument({ docid: null, name: 'Malformed.pdf' });
    const answer = await fetch(ticket.uploadendpoint, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.from('%PDF-1.7'),
    });
    expect(answer.status).toBe(400);
  });

  it('needs no authorization header: the SAS alone is the credential', async () => {
    const ticket = await createDocument({ docid: null, name: 'No header.pdf' });
    const answer = await put(ticket.uploadendpoint, Buffer.from('%PDF-1.7'));
    expect(answer.status).toBe(201);
  });
});

describe('the published address', () => {
  it('opens without a signature or a token, as a public document does', async () => {
    const ticket = await createDocument({ docid: null, name: 'Public notice.pdf' });
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(1024)]);
    expect((await put(ticket.uploadendpoint, bytes)).status).toBe(201);
    const opened = await fetch(ticket.url);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('does not list the container: only an address staff were given opens', async () => {
    const listing = await fetch(
      `${await fx.service.blobUrl()}/${(await createDocument({ docid: null, name: 'Any.pdf' })).container}?restype=container&comp=list`,
    );
    expect(listing.status).not.toBe(200);
  });

  it('opens in a data folder whose container was made private before', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'service-private-'));
    try {
      const first = await startFixture({ dataDir });
      const key = new StorageSharedKeyCredential(
        first.service.blobAccount.name,
        first.service.blobAccount.key,
      );
      const ticket = uploadTicketSchema.parse(
        (
          await first.api('/api/publisher-document', {
            method: 'POST',
            body: { docid: null, name: 'Old folder.pdf' },
          })
        ).body,
      );
      expect((await put(ticket.uploadendpoint, Buffer.from('%PDF-1.7'))).status).toBe(201);
      // As the folder was before documents were public.
      await new BlobServiceClient(await first.service.blobUrl(), key)
        .getContainerClient(ticket.container)
        .setAccessPolicy();
      expect((await fetch(ticket.url)).status).not.toBe(200);
      await first.stop();
      const again = await startFixture({ dataDir, ports: { base: 0, auth: 0, blob: 0 } });
      try {
        const path = new URL(ticket.url).pathname;
        expect(
          (await fetch(`${(await again.service.blobUrl()).replace(/\/[^/]+$/, '')}${path}`)).status,
        ).toBe(200);
      } finally {
        await again.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('create document', () => {
  it('starts a new document at subdocid 1 with UUIDs for itemId and fileId', async () => {
    const ticket = await createDocument({ docid: null, name: 'Leaflet.pdf' });
    expect(ticket.subdocid).toBe(1);
  });

  it('adds the next subdocid under the same itemId when docid names an existing document', async () => {
    const first = await createDocument({ docid: null, name: 'Part one.pdf' });
    const second = await createDocument({ docid: first.itemId, name: 'Part two.pdf' });
    expect([second.itemId, second.subdocid, second.fileId === first.fileId]).toEqual([
      first.itemId,
      2,
      false,
    ]);
  });

  it('refuses a docid that names no document', async () => {
    const answer = await fx.api('/api/publisher-document', {
      method: 'POST',
      body: { docid: '00000000-0000-4000-8000-000000000000', name: 'Orphan.pdf' },
    });
    expect([answer.status, (answer.body as { error: string }).error]).toEqual([
      400,
      'document_not_found',
    ]);
  });

  it('accepts an empty name (only a non-empty name must have 3 characters)', async () => {
    const answer = await fx.api('/api/publisher-document', {
      method: 'POST',
      body: { docid: null, name: '' },
    });
    expect(answer.status).toBe(200);
  });

  it('accepts a name of exactly 3 characters', async () => {
    const answer = await fx.api('/api/publisher-document', {
      method: 'POST',
      body: { docid: null, name: 'a.b' },
    });
    expect(answer.status).toBe(200);
  });
});
