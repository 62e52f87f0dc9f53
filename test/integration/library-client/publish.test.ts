import { createHash, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { BlobClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { publishDocument } from '../../../src-main/library-client/publish';
import type { UploadProgress } from '../../../src-main/library-client/upload';
import { signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';

const FILE_BYTES = 6 * 1024 * 1024;

let test: TestService;
let staff: StaffAuth;
let pdf: string;
let pdfSha256: string;

beforeAll(async () => {
  test = await startTestService();
  staff = await signedIn(test);
  pdf = path.join(test.dir, 'annual-report.pdf');
  const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(FILE_BYTES - 9)]);
  pdfSha256 = createHash('sha256').update(bytes).digest('hex');
  await writeFile(pdf, bytes);
});

afterAll(async () => {
  staff?.dispose();
  await test?.stop();
});

async function storedBlob(url: string): Promise<{ size: number; sha256: string }> {
  const { name, key } = test.service.blobAccount;
  const blob = new BlobClient(url, new StorageSharedKeyCredential(name, key));
  const content = await blob.downloadToBuffer();
  return { size: content.length, sha256: createHash('sha256').update(content).digest('hex') };
}

describe('create document', () => {
  it('answers an upload ticket for a new document', async () => {
    const ticket = await staff.client.createDocument({ name: 'Opening hours.pdf' });
    expect(ticket.ok && ticket.value).toMatchObject({
      itemId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fileId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      container: 'documents',
      subdocid: 1,
    });
    expect(
      ticket.ok && ticket.value.uploadendpoint.startsWith(ticket.value.url ?? '(no url)'),
    ).toBe(true);
  });

  it('numbers a sub-document of an existing document', async () => {
    const first = await staff.client.createDocument({ name: 'Minutes.pdf' });
    const docid = first.ok ? first.value.itemId : 'missing';
    const second = await staff.client.createDocument({ name: 'Minutes-2.pdf', docid });
    expect(second.ok && second.value).toMatchObject({ itemId: docid, subdocid: 2 });
  });

  it('reports invalid_document_name for a name shorter than 3 characters', async () => {
    expect(await staff.client.createDocument({ name: 'ab' })).toMatchObject({
      ok: false,
      error: {
        kind: 'refused',
        operation: 'createDocument',
        status: 400,
        code: 'invalid_document_name',
      },
    });
  });

  it('reports document_not_found for an unknown docid', async () => {
    expect(
      await staff.client.createDocument({
        name: 'Minutes.pdf',
        docid: '6f1d0c3e-8a4b-4b71-9c2d-5e7f8a9b0c1d',
      }),
    ).toMatchObject({ ok: false, error: { code: 'document_not_found' } });
  });
});

describe('upload', () => {
  it('streams the file to the blob store byte for byte, reporting progress in chunks', async () => {
    const ticket = await staff.client.createDocument({ name: 'annual-report.pdf' });
    if (!ticket.ok || !ticket.value.url) throw new Error('no ticket with a file address');
    const { url } = ticket.value;
    const progress: UploadProgress[] = [];
    const uploaded = await staff.client.uploadFile(ticket.value, pdf, {
      onProgress: (p) => progress.push(p),
    });
    expect(uploaded).toEqual({ ok: true, value: undefined });
    expect(progress.length).toBeGreaterThan(10);
    expect(progress.at(-1)).toEqual({ sentBytes: FILE_BYTES, totalBytes: FILE_BYTES });
    expect(await storedBlob(url)).toEqual({ size: FILE_BYTES, sha256: pdfSha256 });
  });

  it('publishes in the seed order and hides the upload signature from the result', async () => {
    const published = await publishDocument(staff.client, pdf, { name: 'Report 2025.pdf' });
    expect(published.ok && published.value.subdocid).toBe(1);
    expect(JSON.stringify(published)).not.toMatch(/sig=|uploadendpoint|"sas"/);
  });

  it('stops when cancelled and reports the cancellation', async () => {
    const ticket = await staff.client.createDocument({ name: 'cancelled.pdf' });
    if (!ticket.ok) throw new Error('no ticket');
    const controller = new AbortController();
    const result = await staff.client.uploadFile(ticket.value, pdf, {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'cancelled', operation: 'uploadFile' },
    });
  });

  it('reports a tampered signature as refused with status 403', async () => {
    const ticket = await staff.client.createDocument({ name: 'tampered.pdf' });
    if (!ticket.ok) throw new Error('no ticket');
    const tampered = ticket.value.uploadendpoint.replace(/sig=[^&]+/, 'sig=AAAA');
    const result = await staff.client.uploadFile({ uploadendpoint: tampered }, pdf);
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'refused', operation: 'uploadFile', status: 403 },
    });
  });

  it('reports a missing file without contacting the service', async () => {
    const result = await staff.client.uploadFile(
      { uploadendpoint: 'http://127.0.0.1:9/x' },
      path.join(test.dir, 'none.pdf'),
    );
    expect(result).toEqual({
      ok: false,
      error: { kind: 'file-unreadable', operation: 'uploadFile', cause: 'ENOENT' },
    });
  });

  it('sends the blob headers and no authorization header', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const server = http.createServer((request, response) => {
      seen.push(request.headers);
      request.resume().on('end', () => response.writeHead(201).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const result = await staff.client.uploadFile(
      { uploadendpoint: `http://127.0.0.1:${port}/blob?sig=x` },
      pdf,
    );
    await new Promise((resolve) => server.close(resolve));
    expect(result.ok).toBe(true);
    expect(seen[0]).toMatchObject({
      'content-type': 'application/octet-stream',
      'x-ms-blob-type': 'BlockBlob',
      'content-length': String(FILE_BYTES),
    });
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it('reports an answer cut off mid-body as unreachable with an unknown outcome', async () => {
    const server = http.createServer((request, response) => {
      request.resume().on('end', () => {
        response.writeHead(201, { 'content-length': '1000' });
        response.write('partial', () => response.socket?.destroy());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const result = await staff.client.uploadFile(
      { uploadendpoint: `http://127.0.0.1:${port}/blob?sig=x` },
      pdf,
    );
    await new Promise((resolve) => server.close(resolve));
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'unreachable', operation: 'uploadFile', outcome: 'unknown' },
    });
  });
});
