/**
 * A ticket whose upload address is plain http to another host, from the reference service (its
 * blob address rewritten with `ticketBlobUrl`): refused before a byte is sent, in words for staff.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { createDocumentsArea } from '../../../src-main/core/console/documents';
import type { ConsoleContext } from '../../../src-main/core/console/deps';
import { publishDocument } from '../../../src-main/library-client/publish';
import type { UploadProgress } from '../../../src-main/library-client/upload';
import { resolveSettings } from '../../../src-main/settings/resolve';
import { signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n'),
  Buffer.alloc(50_000, 120),
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

describe('a ticket that would send the file in clear to another host', () => {
  let test: TestService;
  let auth: StaffAuth;
  let file: string;

  beforeAll(async () => {
    test = await startTestService({ ticketBlobUrl: () => 'http://example.invalid' });
    auth = await signedIn(test);
    file = path.join(await mkdtemp(path.join(tmpdir(), 'kiosk-insecure-')), 'notice.pdf');
    await writeFile(file, PDF);
  });

  afterAll(async () => {
    auth?.dispose();
    await test?.stop();
    if (file) await rm(path.dirname(file), { recursive: true, force: true });
  });

  it('is refused before the upload starts, naming the rule and not the signed address', async () => {
    const progress: UploadProgress[] = [];
    let uploading = false;
    const result = await publishDocument(auth.client, file, {
      onProgress: (step) => progress.push(step),
      onUploading: () => (uploading = true),
    });
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({
        kind: 'malformed-response',
        operation: 'createDocument',
        issue: 'uploadendpoint: plain http to another host (https, or http only to this machine)',
      }),
    });
    expect([uploading, progress]).toEqual([false, []]);
  });

  it("shows staff the documents screen's words for it, with nothing sent", async () => {
    const area = createDocumentsArea(contextFor(test, auth, file));
    await area.handlers['staff.console.documents.choose'](undefined);
    const answer = await area.handlers['staff.console.documents.publish']({
      name: 'Notice',
      docid: null,
    });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'malformed-response' } });
    expect(area.upload()).toMatchObject({
      phase: 'failed',
      sentBytes: 0,
      failure: { reason: 'upload-address-insecure' },
    });
    // Nothing chosen is lost: the file is kept for staff to publish once the service is fixed.
    expect(area.upload()?.file?.fileName).toBe('notice.pdf');
  });
});
