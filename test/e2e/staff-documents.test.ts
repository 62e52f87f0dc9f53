/**
 * The documents screen end to end: real Chromium, the web host's staging route, the core's
 * publishDocument, the embedded reference service and its Azurite, with a gate (an HTTP proxy,
 * test/support/blob-gate.ts) on the path the upload tickets name, to make the upload stall or its
 * signature be refused.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BlobServiceClient } from '@azure/storage-blob';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { EMBEDDED_DATABASE_FILE } from '../../src-main/host/embedded-service-files';
import { STAGING_FOLDER } from '../../src-main/web-host/document-staging';
import { BLOB_ACCOUNT_KEY_FILE } from '../../src-reference-service/blob/account-key';
import { BLOB_ACCOUNT, BLOB_CONTAINER } from '../../src-reference-service/config';
import { startBlobGate } from '../support/blob-gate';
import type { BlobGate } from '../support/blob-gate';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';
import { expectNoAxeViolations } from './axe';
import { openStaffModeSignedIn } from './patron-support';

const MiB = 1024 * 1024;
const LIMIT = 32 * MiB;

/** A file that starts as a PDF does, with random bytes after the header (compared on read-back). */
function pdfBytes(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  return Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]);
}

/** The first bytes of a PNG: what a picture renamed to .pdf starts with. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(4096),
]);

let kiosk: KioskUnderTest;
let gate: BlobGate;
let page: Page;
/** Where the test keeps the files staff "choose" (outside the kiosk's data folder). */
let desk: string;

async function file(name: string, bytes: Buffer): Promise<string> {
  const where = path.join(desk, name);
  await writeFile(where, bytes);
  return where;
}

function serviceDatabase(): Database.Database {
  return new Database(path.join(kiosk.dataDir, 'reference-service', EMBEDDED_DATABASE_FILE), {
    readonly: true,
  });
}

/** Document records the service holds: a kiosk check that refuses a file must leave it at that. */
function documentRecords(): number {
  const db = serviceDatabase();
  try {
    return db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM document_files').get()?.n ?? 0;
  } finally {
    db.close();
  }
}

async function blobClient() {
  const key = (
    await readFile(path.join(kiosk.dataDir, 'reference-service', BLOB_ACCOUNT_KEY_FILE), 'utf8')
  ).trim();
  return BlobServiceClient.fromConnectionString(
    `DefaultEndpointsProtocol=http;AccountName=${BLOB_ACCOUNT};AccountKey=${key};BlobEndpoint=${gate.azuriteUrl()};`,
  ).getContainerClient(BLOB_CONTAINER);
}

function upload() {
  const state = kiosk.kiosk.core.state();
  const view = state.staff?.upload;
  if (!view) throw new Error('the staff view has no documents state');
  return view;
}

async function choose(where: string): Promise<void> {
  await page.getByLabel(/Choose (a|another) PDF/).setInputFiles(where);
}

async function chosen(name: string): Promise<void> {
  await page.getByTestId('documents-chosen').filter({ hasText: name }).waitFor();
}

async function publish(name: string): Promise<void> {
  await page.getByLabel('Document name').fill(name);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
}

beforeAll(async () => {
  desk = await mkdtemp(path.join(tmpdir(), 'kiosk-documents-desk-'));
  gate = await startBlobGate();
  kiosk = await startKioskUnderTest({
    settings: { documents: { maxUploadBytes: LIMIT }, requestTimeoutMs: 3_000 },
    faults: true,
    ticketBlobUrl: (azurite) => gate.ticketBlobUrl(azurite),
  });
  page = kiosk.page;
  await openStaffModeSignedIn(kiosk, DEMO_STAFF_PIN);
  await page.getByRole('button', { name: 'Documents' }).click();
  await page.getByRole('heading', { name: 'Publish a PDF document' }).waitFor();
});

afterEach(async () => {
  gate.mode = 'open';
  kiosk.kiosk.faults?.reset();
  // Each case starts with nothing chosen.
  await kiosk.kiosk.core.handlers['staff.console.documents.discard'](undefined);
});

afterAll(async () => {
  await kiosk?.stop();
  await gate?.close();
  if (desk) await rm(desk, { recursive: true, force: true });
});

describe('publishing a PDF from the documents screen', () => {
  it('publishes a PDF and the blob store holds exactly its bytes', async () => {
    const bytes = pdfBytes(3 * MiB + 17);
    await choose(await file('annual-report.pdf', bytes));
    await chosen('annual-report.pdf');
    await kiosk.screenshot('staff-documents-chosen');

    await publish('Annual report 2025');
    const address = page.getByTestId('documents-address');
    await address.waitFor();
    expect(await page.getByTestId('documents-name').textContent()).toBe('Annual report 2025');
    expect(await page.getByTestId('documents-size').textContent()).toBe('3 MB');
    await kiosk.screenshot('staff-documents-published');
    // The staged copy is gone: the file is named as published, with nothing left to discard.
    expect(await page.getByTestId('documents-chosen').textContent()).toMatch(
      /^\s*Published: annual-report\.pdf/,
    );
    expect(await page.getByRole('button', { name: 'Discard this file' }).count()).toBe(0);
    const view = upload();
    expect(view.phase).toBe('published');
    const { itemId, fileId } = view.document ?? {};
    expect(await address.textContent()).toContain(`/${BLOB_CONTAINER}/${itemId}/${fileId}`);
    // The address shown is the document's, never the signed upload endpoint.
    expect(await page.content()).not.toMatch(/[?&]sig=/);
    expect(JSON.stringify(kiosk.kiosk.core.state())).not.toMatch(/sig=|uploadendpoint|"sas"/);

    const stored = await (
      await blobClient()
    )
      .getBlobClient(`${itemId}/${fileId}`)
      .downloadToBuffer();
    expect(stored.equals(bytes)).toBe(true);
    await expectNoAxeViolations(page);
  });

  it('deletes the staged copy once the document is published', async () => {
    await choose(await file('staged.pdf', pdfBytes(64 * 1024)));
    await chosen('staged.pdf');
    const staging = path.join(kiosk.dataDir, STAGING_FOLDER);
    expect(await readdir(staging)).toHaveLength(1);
    await publish('');
    await page.getByTestId('documents-address').waitFor();
    // An empty name: the file's own name was sent.
    expect(upload().name).toBe('');
    await expect.poll(() => readdir(staging)).toEqual([]);
  });

  it("shows the published document's name, size and link with a Copy button, its ids only under Details", async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await choose(await file('hours.pdf', pdfBytes(549)));
    await chosen('hours.pdf');
    expect(await page.getByTestId('documents-chosen').textContent()).toBe(
      'Chosen: hours.pdf (0.5 kB)',
    );
    await publish('Opening hours');
    const outcome = page.locator('[data-outcome="published"]');
    await outcome.waitFor();
    expect(await page.getByTestId('documents-name').textContent()).toBe('Opening hours');
    expect(await page.getByTestId('documents-size').textContent()).toBe('0.5 kB');
    expect(await outcome.textContent()).not.toMatch(/\bbyte\b/);
    // The ids are there for whoever needs them, folded away.
    const itemId = upload().document?.itemId ?? '';
    expect(itemId).not.toBe('');
    expect(await page.getByTestId('documents-item-id').isVisible()).toBe(false);
    expect(await page.getByText('Document id (item id)').isVisible()).toBe(false);
    await page.getByText('Details', { exact: true }).click();
    expect((await page.getByTestId('documents-item-id').textContent())?.trim()).toBe(itemId);

    const copyState = page.getByTestId('documents-copy-state');
    expect((await copyState.textContent())?.trim()).toBe('');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await copyState.filter({ hasText: 'Copied' }).waitFor();
    expect((await copyState.textContent())?.trim()).toBe('Copied');
    const link = (await page.getByTestId('documents-address').textContent())?.trim();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(link);
    // Called shareable because it opened: and it does open, with no token and no signature.
    expect(await page.getByTestId('documents-address-check').textContent()).toBe(
      'The link opens for anyone who has it: you can share it.',
    );
    const opened = await fetch(link ?? '');
    expect([opened.status, (await opened.arrayBuffer()).byteLength]).toEqual([200, 549]);
    await kiosk.screenshot('staff-documents-published-details');
    await expectNoAxeViolations(page);
  });

  it("adds a file to a document picked from the kiosk's own list of what it published, newest first", async () => {
    const recorded = JSON.parse(
      await readFile(path.join(kiosk.dataDir, 'published-documents.json'), 'utf8'),
    ) as { documents: { name: string; docid: string; publishedAt: string }[] };
    const newest = recorded.documents[0]!;
    expect(newest.name).toBe('Opening hours');
    // Names, ids and times only: nothing about patrons, no address, no signature.
    for (const entry of recorded.documents) {
      expect(Object.keys(entry).sort()).toEqual(['docid', 'name', 'publishedAt']);
    }
    expect(recorded.documents.map((entry) => entry.name)).toEqual([
      'Opening hours',
      'staged.pdf',
      'Annual report 2025',
    ]);

    await choose(await file('hours-summer.pdf', pdfBytes(2_000)));
    await chosen('hours-summer.pdf');
    await page.getByLabel('Add to a document published from this kiosk').check();
    await page
      .getByText(
        'The library service cannot list its documents: this list holds the ones this kiosk published, newest first.',
      )
      .waitFor();
    const pick = page.getByLabel('Document to add to');
    const when = (iso: string) =>
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
        Date.parse(iso),
      );
    expect((await pick.locator('option').allTextContents()).map((text) => text.trim())).toEqual(
      recorded.documents.map((entry) => `${entry.name} (published ${when(entry.publishedAt)})`),
    );
    expect(await pick.inputValue()).toBe(newest.docid);
    await kiosk.screenshot('staff-documents-add-to-listed');
    await publish('Summer hours');
    await page.locator('[data-outcome="published"]').waitFor();
    await page.getByText('Added to “Opening hours”.', { exact: true }).waitFor();
    expect(upload().document?.itemId).toBe(newest.docid);
    const db = serviceDatabase();
    try {
      const parts = db
        .prepare<[string], { name: string }>(
          'SELECT name FROM document_files WHERE item_id = ? ORDER BY subdocid',
        )
        .all(newest.docid);
      expect(parts.map((part) => part.name)).toEqual(['Opening hours', 'Summer hours']);
    } finally {
      db.close();
    }
    // A sub-document is no new document: the list is as it was.
    const after = JSON.parse(
      await readFile(path.join(kiosk.dataDir, 'published-documents.json'), 'utf8'),
    ) as { documents: unknown[] };
    expect(after.documents).toHaveLength(recorded.documents.length);
    await page.getByRole('button', { name: 'Publish another document' }).click();
  });

  it('cancels an upload midway: no blob is stored, and the screen offers to try again', async () => {
    const bytes = pdfBytes(24 * MiB);
    await choose(await file('large-catalogue.pdf', bytes));
    await chosen('large-catalogue.pdf');
    gate.mode = 'stall';
    gate.stallAfterBytes = 10 * MiB;
    const stalled = gate.nextStall();
    await publish('Large catalogue');
    await stalled;
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect
      .poll(async () => Number(await bar.getAttribute('value')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const sent = Number(await bar.getAttribute('value'));
    expect(sent).toBeLessThan(bytes.length);
    expect(Number(await bar.getAttribute('max'))).toBe(bytes.length);
    await kiosk.screenshot('staff-documents-uploading');
    await expectNoAxeViolations(page);

    const { itemId, fileId } = upload().document ?? {};
    expect(itemId).toBeTruthy();
    await page.getByRole('button', { name: 'Cancel upload' }).click();
    await page.locator('[data-outcome="cancelled"]').waitFor();
    expect(upload().phase).toBe('cancelled');
    const blob = (await blobClient()).getBlobClient(`${itemId}/${fileId}`);
    expect(await blob.exists()).toBe(false);

    // Try again: the file is still chosen, and a fresh ticket goes through.
    gate.mode = 'open';
    await page.getByRole('button', { name: 'Publish again' }).click();
    await page.getByTestId('documents-address').waitFor();
    const published = upload().document;
    expect(published?.itemId).not.toBe(itemId);
    const stored = await (
      await blobClient()
    )
      .getBlobClient(`${published?.itemId}/${published?.fileId}`)
      .downloadToBuffer();
    expect(stored.equals(bytes)).toBe(true);
  });

  it('refuses a PNG renamed .pdf by its bytes, before any service request', async () => {
    const before = documentRecords();
    await choose(await file('poster.pdf', PNG));
    const refusal = page.locator('[data-rejected="not-pdf"]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('“poster.pdf” is not a PDF');
    expect(upload().file).toBeUndefined();
    expect(documentRecords()).toBe(before);
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).isDisabled()).toBe(
      true,
    );
  });

  it('refuses a file over the size limit before a byte is sent', async () => {
    const before = documentRecords();
    const uploads = gate.uploads;
    await choose(await file('too-big.pdf', pdfBytes(LIMIT + 1)));
    await page.locator('[data-rejected="too-large"]').waitFor();
    expect(upload().file).toBeUndefined();
    expect(documentRecords()).toBe(before);
    expect(gate.uploads).toBe(uploads);
  });

  it('refuses a two-character name at the field, before any service request', async () => {
    await choose(await file('minutes.pdf', pdfBytes(8 * 1024)));
    await chosen('minutes.pdf');
    const before = documentRecords();
    await publish('ab');
    const issue = page.getByText('The name must be empty or at least 3 characters long.');
    await issue.waitFor();
    const field = page.getByLabel('Document name');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toContain(
      (await issue.getAttribute('id')) ?? 'missing',
    );
    expect(documentRecords()).toBe(before);
    expect(upload().phase).toBe('chosen');
  });

  it("explains the service's 400 and publishes on retry once the item id is corrected", async () => {
    await choose(await file('chapter.pdf', pdfBytes(8 * 1024)));
    await chosen('chapter.pdf');
    await page.getByLabel('Add to a document published elsewhere').check();
    await page.getByLabel('The document’s id').fill('no-such-document');
    await publish('Chapter one');
    const failure = page.locator('[data-outcome="failed"]');
    await failure.waitFor();
    expect(await failure.getAttribute('data-reason')).toBe('create-refused');
    expect(await failure.textContent()).toContain('status 400');
    expect(await failure.textContent()).toContain('no-such-document');
    await kiosk.screenshot('staff-documents-error');
    await expectNoAxeViolations(page);
    // Nothing chosen or typed was lost.
    expect(await page.getByLabel('Document name').inputValue()).toBe('Chapter one');
    await chosen('chapter.pdf');

    await page.getByLabel('A new document').check();
    await page.getByRole('button', { name: 'Publish again' }).click();
    await page.getByTestId('documents-address').waitFor();
  });

  it('explains a refused upload signature (403) and publishes on retry with a fresh ticket', async () => {
    await choose(await file('leaflet.pdf', pdfBytes(8 * 1024)));
    await chosen('leaflet.pdf');
    gate.mode = 'tamper-signature';
    await publish('Leaflet');
    const failure = page.locator('[data-outcome="failed"]');
    await failure.waitFor();
    expect(await failure.getAttribute('data-reason')).toBe('signature-refused');
    expect(await failure.textContent()).toContain('status 403');
    const refusedItem = upload().document?.itemId;

    gate.mode = 'open';
    await page.getByRole('button', { name: 'Publish again' }).click();
    await page.getByTestId('documents-address').waitFor();
    expect(upload().document?.itemId).not.toBe(refusedItem);
  });

  it('explains an unreachable service and publishes on retry once it is back', async () => {
    await choose(await file('newsletter.pdf', pdfBytes(8 * 1024)));
    await chosen('newsletter.pdf');
    kiosk.kiosk.faults?.set({ outage: true });
    await publish('Newsletter');
    const failure = page.locator('[data-outcome="failed"]');
    await failure.waitFor();
    expect(await failure.getAttribute('data-reason')).toBe('unreachable');

    kiosk.kiosk.faults?.set({ outage: false });
    await page.getByRole('button', { name: 'Publish again' }).click();
    await page.getByTestId('documents-address').waitFor();
  });

  it('explains an upload that stopped moving (time-out) and publishes on retry', async () => {
    await choose(await file('timetable.pdf', pdfBytes(12 * MiB)));
    await chosen('timetable.pdf');
    gate.mode = 'stall';
    await publish('Timetable');
    const failure = page.locator('[data-outcome="failed"]');
    await failure.waitFor({ timeout: 20_000 });
    expect(await failure.getAttribute('data-reason')).toBe('timeout');

    gate.mode = 'open';
    await page.getByRole('button', { name: 'Publish again' }).click();
    await page.getByTestId('documents-address').waitFor({ timeout: 20_000 });
  });

  it('forgets the chosen file and deletes its staged copy when staff mode ends', async () => {
    const staging = path.join(kiosk.dataDir, STAGING_FOLDER);
    await choose(await file('kept.pdf', pdfBytes(8 * 1024)));
    await chosen('kept.pdf');
    expect(await readdir(staging)).toHaveLength(1);
    await page.getByRole('button', { name: 'Leave staff mode' }).click();
    await expect.poll(() => readdir(staging)).toEqual([]);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await page.keyboard.press('Control+Alt+KeyS');
    await page.getByLabel('Staff PIN').fill(DEMO_STAFF_PIN);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Documents' }).click();
    await page.getByText('No file chosen yet.').waitFor();
  });
  it('does not call a link shareable when it does not open, and offers no Copy for it', async () => {
    const container = await blobClient();
    // The store refuses anyone without a signature, as a private container does.
    await container.setAccessPolicy();
    try {
      await choose(await file('private.pdf', pdfBytes(2048)));
      await chosen('private.pdf');
      await publish('Staff rota');
      const check = page.getByTestId('documents-address-check');
      await check.filter({ hasText: 'Do not share' }).waitFor();
      expect(await check.textContent()).toBe(
        "Do not share this link yet: it did not open when the kiosk tried it (the file store answered with status 403). Whoever you give it to could not read the document. Tell the library's IT staff.",
      );
      expect(await check.getAttribute('role')).toBe('alert');
      expect(await page.getByRole('button', { name: 'Copy link' }).count()).toBe(0);
      expect(await page.getByText('you can share it').count()).toBe(0);
      expect(upload().document?.address).toEqual({ result: 'refused', status: 403 });
      await kiosk.screenshot('staff-documents-published-refused');
      await expectNoAxeViolations(page);
    } finally {
      await container.setAccessPolicy('blob');
    }
  });
});
