/**
 * The documents screen in Spanish, end to end against the embedded reference service: the size
 * in the locale's number format, the link's Copy, the ids under Details, and the kiosk's list of
 * what it published, each by its exact words.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';

let kiosk: KioskUnderTest;
let desk: string;

function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n', 'latin1');
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

beforeAll(async () => {
  desk = await mkdtemp(path.join(tmpdir(), 'kiosk-documents-es-'));
  kiosk = await startKioskUnderTest({ settings: { kiosk: { defaultLanguage: 'es' } } });
  const { page } = kiosk;
  await page.getByRole('heading', { name: 'Fuera de servicio' }).waitFor();
  await page.keyboard.press('Control+Alt+KeyS');
  await page.getByLabel('PIN del personal').fill(DEMO_STAFF_PIN);
  await page.keyboard.press('Enter');
  const popupOpened = page.waitForEvent('popup');
  await page
    .getByRole('button', { name: 'Iniciar sesión en el servicio de la biblioteca' })
    .click();
  const popup = await popupOpened;
  await popup.getByLabel('Username').fill('librarian');
  await popup.getByLabel('Password').fill('demo-librarian');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await popup.getByRole('button', { name: 'Allow' }).click();
  await page.getByRole('button', { name: 'Documentos', exact: true }).click();
  await page.getByRole('heading', { name: 'Publicar un documento PDF' }).waitFor();
});

afterAll(async () => {
  await kiosk?.stop();
  if (desk) await rm(desk, { recursive: true, force: true });
});

describe('publishing a PDF, in Spanish', () => {
  it('names the size in the Spanish number format, copies the link and lists the document to add to', async () => {
    const { page } = kiosk;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const first = path.join(desk, 'horario.pdf');
    await writeFile(first, pdf(549));
    await page.getByLabel(/Elegir (un|otro) PDF/).setInputFiles(first);
    await page.getByTestId('documents-chosen').filter({ hasText: 'horario.pdf' }).waitFor();
    expect(await page.getByTestId('documents-chosen').textContent()).toBe(
      'Elegido: horario.pdf (0,5 kB)',
    );
    await page.getByLabel('Nombre del documento').fill('Horario de apertura');
    // Nothing published from this kiosk yet: the list says so, and a publish without a
    // document to add to is held back with a sentence, not sent.
    await page.getByLabel('Añadir a un documento publicado desde este quiosco').check();
    await page.getByText('Este quiosco aún no ha publicado ningún documento.').waitFor();
    await page.getByRole('button', { name: 'Publicar', exact: true }).click();
    await page.getByText('Elija el documento al que añadirlo o escriba su id.').waitFor();
    await page.getByLabel('Añadir a un documento publicado en otro sitio').check();
    await page
      .getByText(
        'Pida el id del documento a quien lo publicó (el servicio de la biblioteca lo llama id de ítem).',
      )
      .waitFor();
    expect(kiosk.kiosk.core.state().staff?.upload?.phase).toBe('chosen');
    await page.getByLabel('Un documento nuevo').check();
    await page.getByRole('button', { name: 'Publicar', exact: true }).click();
    await page.locator('[data-outcome="published"]').waitFor();
    expect(await page.getByTestId('documents-size').textContent()).toBe('0,5 kB');
    expect(await page.getByTestId('documents-item-id').isVisible()).toBe(false);
    await page.getByText('Detalles', { exact: true }).click();
    await page.getByText('Id del documento (id de ítem)', { exact: true }).waitFor();
    expect(await page.getByTestId('documents-address-check').textContent()).toBe(
      'El enlace se abre para cualquiera que lo tenga: puede compartirlo.',
    );
    await page.getByRole('button', { name: 'Copiar el enlace' }).click();
    await page.getByTestId('documents-copy-state').filter({ hasText: 'Copiado' }).waitFor();
    await kiosk.screenshot('staff-documents-published-es');

    await page.getByRole('button', { name: 'Publicar otro documento' }).click();
    const second = path.join(desk, 'verano.pdf');
    await writeFile(second, pdf(3 * 1024 * 1024 + 300 * 1024));
    await page.getByLabel(/Elegir (un|otro) PDF/).setInputFiles(second);
    await page.getByTestId('documents-chosen').filter({ hasText: 'verano.pdf' }).waitFor();
    expect(await page.getByTestId('documents-chosen').textContent()).toBe(
      'Elegido: verano.pdf (3,3 MB)',
    );
    await page.getByLabel('Añadir a un documento publicado desde este quiosco').check();
    const pick = page.getByLabel('Documento al que añadirlo');
    const recorded = JSON.parse(
      await readFile(path.join(kiosk.dataDir, 'published-documents.json'), 'utf8'),
    ) as { documents: { publishedAt: string }[] };
    const when = new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' }).format(
      Date.parse(recorded.documents[0]!.publishedAt),
    );
    expect((await pick.locator('option').allTextContents()).map((text) => text.trim())).toEqual([
      `Horario de apertura (publicado el ${when})`,
    ]);
    await page.getByRole('button', { name: 'Publicar', exact: true }).click();
    await page.getByText('Añadido a «Horario de apertura».', { exact: true }).waitFor();
  });
});
