/**
 * The documents screen's core (createDocumentsArea) on the Electron path (a chosen path, as the
 * open dialog hands it over) against the reference service: in a non-default dialect, and with
 * upload signatures that are already out of date.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { createDocumentsArea } from '../../../src-main/core/console/documents';
import type { ConsoleContext } from '../../../src-main/core/console/deps';
import { resolveSettings } from '../../../src-main/settings/resolve';
import { BLOB_CONTAINER } from '../../../src-reference-service/config';
import { signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n'),
  Buffer.from('x'.repeat(200_000)),
  Buffer.from('\n%%EOF\n'),
]);

function contextFor(test: TestService, auth: StaffAuth, file: string): ConsoleContext {
  const settings = resolveSettings({}, {}, { dataDir: path.join(test.dir, 'kiosk') });
  if (!settings.ok) throw new Error(settings.error.message);
  return {
    auth,
    settings: settings.value,
    scanner: { status: () => ({ state: 'off' }) } as unknown as ConsoleContext['scanner'],
    service: { baseUrl: test.service.baseUrl, authUrl: test.service.authUrl, embedded: false },
    documents: { pick: async () => file },
    changed: () => undefined,
    touch: () => undefined,
  };
}

describe('publishing through the documents core against the camel dialect (the ticket inside a `data` envelope)', () => {
  let test: TestService;
  let auth: StaffAuth;
  let file: string;

  beforeAll(async () => {
    test = await startTestService({ dialect: 'camel' });
    auth = await signedIn(test);
    file = path.join(test.dir, 'camel-report.pdf');
    await writeFile(file, PDF);
  });

  afterAll(async () => {
    auth?.dispose();
    await test?.stop();
  });

  it('reads the ticket the dialect spells its own way and stores exactly the bytes', async () => {
    const area = createDocumentsArea(contextFor(test, auth, file));
    expect(await area.handlers['staff.console.documents.choose'](undefined)).toEqual({
      ok: true,
      value: { chosen: true },
    });
    const answer = await area.handlers['staff.console.documents.publish']({
      name: 'Camel report',
      docid: null,
    });
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
    const { itemId, fileId, url } = answer.value;
    expect(url).toBe(`${await test.service.blobUrl()}/${BLOB_CONTAINER}/${itemId}/${fileId}`);
    expect(area.upload()).toMatchObject({ phase: 'published', sentBytes: PDF.length });
    // A file the dialog found is the staff's own: the kiosk never deletes it.
    await expect(import('node:fs/promises').then((fs) => fs.stat(file))).resolves.toBeTruthy();

    const blobs = new BlobServiceClient(
      await test.service.blobUrl(),
      new StorageSharedKeyCredential(test.service.blobAccount.name, test.service.blobAccount.key),
    ).getContainerClient(BLOB_CONTAINER);
    const stored = await blobs.getBlobClient(`${itemId}/${fileId}`).downloadToBuffer();
    expect(stored.equals(PDF)).toBe(true);
  });
});

describe('an upload signature that has expired', () => {
  let test: TestService;
  let auth: StaffAuth;
  let file: string;

  beforeAll(async () => {
    // The service's clock is two hours behind: every ticket it signs is long out of date.
    test = await startTestService({ now: () => new Date(Date.now() - 2 * 3600_000) });
    auth = await signedIn(test);
    file = path.join(await mkdtemp(path.join(tmpdir(), 'kiosk-expired-')), 'late.pdf');
    await writeFile(file, PDF);
  });

  afterAll(async () => {
    auth?.dispose();
    await test?.stop();
    if (file) await rm(path.dirname(file), { recursive: true, force: true });
  });

  it('is explained as expired, and a retry asks for a fresh ticket', async () => {
    const area = createDocumentsArea(contextFor(test, auth, file));
    await area.handlers['staff.console.documents.choose'](undefined);
    const first = await area.handlers['staff.console.documents.publish']({
      name: 'Late notice',
      docid: null,
    });
    expect(first).toMatchObject({ ok: false, error: { kind: 'refused', status: 403 } });
    const failedOnce = area.upload();
    expect(failedOnce?.failure?.reason).toBe('ticket-expired');
    // Nothing chosen is lost: the file is still there to publish again.
    expect(failedOnce?.file?.fileName).toBe('late.pdf');

    await area.handlers['staff.console.documents.publish']({ name: 'Late notice', docid: null });
    const failedTwice = area.upload();
    expect(failedTwice?.failure?.reason).toBe('ticket-expired');
    expect(failedTwice?.document?.itemId).toBeDefined();
    expect(failedTwice?.document?.itemId).not.toBe(failedOnce?.document?.itemId);
  });
});
