/**
 * The documents screen when the service's ticket names a plain-http upload address on another host
 * (the embedded service's `ticketBlobUrl` rewritten to http://example.invalid): nothing is sent,
 * and staff read why, in English and in Spanish.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';
import { openStaffModeSignedIn } from './patron-support';

let kiosk: KioskUnderTest;
let desk: string;

beforeAll(async () => {
  desk = await mkdtemp(path.join(tmpdir(), 'kiosk-documents-insecure-'));
  kiosk = await startKioskUnderTest({ ticketBlobUrl: () => 'http://example.invalid' });
  await openStaffModeSignedIn(kiosk, DEMO_STAFF_PIN);
  await kiosk.page.getByRole('button', { name: 'Documents' }).click();
  await kiosk.page.getByRole('heading', { name: 'Publish a PDF document' }).waitFor();
});

afterAll(async () => {
  await kiosk?.stop();
  if (desk) await rm(desk, { recursive: true, force: true });
});

describe('an upload address in plain http to another host', () => {
  it('is not used, and staff read why in both languages', async () => {
    const { page } = kiosk;
    const where = path.join(desk, 'notice.pdf');
    await writeFile(where, Buffer.from('%PDF-1.7\nnotice\n%%EOF\n', 'latin1'));
    await page.getByLabel(/Choose (a|another) PDF/).setInputFiles(where);
    await page.getByTestId('documents-chosen').filter({ hasText: 'notice.pdf' }).waitFor();
    await page.getByLabel('Document name').fill('Opening hours notice');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();

    const failure = page.locator('[data-outcome="failed"]');
    await failure.waitFor();
    expect(await failure.getAttribute('data-reason')).toBe('upload-address-insecure');
    expect(await failure.locator('p').allTextContents()).toEqual([
      "The library service gave an upload address without encryption (plain http to another computer), so the file was not sent. Tell the library's IT staff: the file store must use https.",
      'Nothing is lost: the file and the name are kept until you discard them or leave staff mode.',
    ]);
    expect(kiosk.kiosk.core.state().staff?.upload).toMatchObject({ phase: 'failed', sentBytes: 0 });
    await kiosk.screenshot('staff-documents-insecure-upload');

    await kiosk.kiosk.core.handlers['station.kiosk.setLanguage']({ language: 'es' });
    await failure
      .locator('p')
      .first()
      .filter({
        hasText: 'El servicio de la biblioteca ha dado una dirección de subida sin cifrado',
      })
      .waitFor();
    expect(await failure.locator('p').first().textContent()).toBe(
      'El servicio de la biblioteca ha dado una dirección de subida sin cifrado (http sin cifrar hacia otro equipo), así que el archivo no se ha enviado. Avise al personal informático de la biblioteca: el almacén de archivos debe usar https.',
    );
    await kiosk.screenshot('staff-documents-insecure-upload-es');
  });
});
