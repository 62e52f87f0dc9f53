import { PassThrough } from 'node:stream';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import {
  nodeChildLauncher,
  type ChildLauncher,
} from '../../../src-reference-service/child-launcher';
import { DEMO_MEMBERS } from '../../../src-reference-service/db/seed';
import {
  checkoutResultSchema,
  uploadTicketSchema,
} from '../../../src-reference-service/domain/schemas';
import { captureLogs } from '../../support/log-capture';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';

/**
 * The service answers before its blob store has started (issue 37 item 16): Azurite's child is
 * the longest part of the start and only publishing a document needs it. Azurite's real child is
 * held back here by keeping its "listens on" line from the service until the test lets it through.
 */
function heldLauncher(): { launch: ChildLauncher; release: () => void } {
  const held = new PassThrough();
  let release = (): void => undefined;
  const launch: ChildLauncher = (request) => {
    const child = nodeChildLauncher(request);
    release = () => child.stdout?.pipe(held);
    return new Proxy(child, {
      get: (target, key) => (key === 'stdout' ? held : Reflect.get(target, key)),
    });
  };
  return { launch, release: () => release() };
}

const started: ServiceFixture[] = [];
afterEach(async () => {
  for (const fx of started.splice(0)) await fx.stop();
});

async function start(
  launchChild: ChildLauncher,
  blobStoreAfter?: Promise<unknown>,
): Promise<ServiceFixture> {
  const fx = await startFixture({ launchChild, ...(blobStoreAfter ? { blobStoreAfter } : {}) });
  started.push(fx);
  return fx;
}

const checkOut = (fx: ServiceFixture, item: number) =>
  fx.api('/api/checkout', {
    method: 'POST',
    body: { ItemBarcode: itemBarcode(item), UserBarcode: memberBarcode(DEMO_MEMBERS.canBorrow) },
  });

const publish = (fx: ServiceFixture) =>
  fx.api('/api/publisher-document', {
    method: 'POST',
    body: { docid: null, name: 'Opening hours.pdf' },
  });

describe('the blob store starts beside the service', () => {
  it('lends before the blob store listens; publishing waits for it, then gets its ticket', async () => {
    const { launch, release } = heldLauncher();
    const fx = await start(launch);

    const loan = await checkOut(fx, 6);
    expect(loan.status).toBe(200);
    expect(checkoutResultSchema.parse(loan.body).DueDate).toMatch(/^\d{4}-\d\d-\d\dT/);

    let released = false;
    const publishing = publish(fx).then((answer) => ({ answer, afterRelease: released }));
    // The check-out answered while the blob store was held; the upload ticket cannot have.
    const second = await checkOut(fx, 7);
    expect(second.status).toBe(200);
    released = true;
    release();

    const { answer, afterRelease } = await publishing;
    expect(afterRelease).toBe(true);
    expect(answer.status).toBe(200);
    const ticket = uploadTicketSchema.parse(answer.body);
    const blobUrl = await fx.service.blobUrl();
    expect(ticket.url.startsWith(`${blobUrl}/documents/`)).toBe(true);
    const put = await fetch(ticket.uploadendpoint, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf', 'x-ms-blob-type': 'BlockBlob' },
      body: '%PDF-1.7\n',
    });
    expect(put.status).toBe(201);
  });

  it('refuses publishing with 503 and its reason when the blob store did not start; the rest answers', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'blob-fails-'));
    const failing = join(dir, 'exits.mjs');
    await writeFile(failing, 'process.exit(3);\n');
    const logs = captureLogs('warn');
    try {
      const fx = await start((request) => nodeChildLauncher({ ...request, script: failing }));

      await expect(fx.service.blobUrl()).rejects.toThrow(
        /Azurite exited before listening \(code 3\)/,
      );
      const answer = await publish(fx);
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        error: 'service_unavailable',
        message:
          'The document store (blob storage) did not start, so documents cannot be published; the service log says why.',
      });
      expect((await checkOut(fx, 8)).status).toBe(200);
      expect(logs.records.map(({ level, message }) => `${level}: ${message}`)).toEqual([
        'error: the blob store did not start: documents cannot be published',
      ]);
    } finally {
      logs.restore();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('held back (blobStoreAfter), starts no child until let, then starts it; publishing waits for it', async () => {
    const launched: string[] = [];
    const launch: ChildLauncher = (request) => {
      launched.push(request.name);
      return nodeChildLauncher(request);
    };
    let letStart = (): void => undefined;
    const fx = await start(launch, new Promise<void>((resolve) => (letStart = resolve)));

    expect((await checkOut(fx, 9)).status).toBe(200);
    let published = false;
    const publishing = publish(fx).then((answer) => ((published = true), answer));
    expect((await checkOut(fx, 10)).status).toBe(200);
    expect(launched).toEqual([]);
    expect(published).toBe(false);

    letStart();
    const answer = await publishing;
    expect(answer.status).toBe(200);
    expect(launched).toEqual(['Library Kiosk blob storage (Azurite)']);
    expect(uploadTicketSchema.parse(answer.body).url.startsWith(await fx.service.blobUrl())).toBe(
      true,
    );
  });

  it('held back and stopped before it was let start: stops at once, starts nothing, logs no failure', async () => {
    const launched: string[] = [];
    const launch: ChildLauncher = (request) => {
      launched.push(request.name);
      return nodeChildLauncher(request);
    };
    const logs = captureLogs('warn');
    try {
      let letStart = (): void => undefined;
      const fx = await startFixture({
        launchChild: launch,
        blobStoreAfter: new Promise<void>((resolve) => (letStart = resolve)),
      });
      await fx.stop();
      letStart();
      await expect(fx.service.blobUrl()).rejects.toThrow(/stopped before its blob store/);
      expect(launched).toEqual([]);
      expect(logs.records).toEqual([]);
    } finally {
      logs.restore();
    }
  });
});
