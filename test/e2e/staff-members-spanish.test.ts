import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { memberBarcode } from '../../src-reference-service/barcode';
import { DEMO_MEMBERS } from '../../src-reference-service/db/seed';
import { RESULTS_DIR, startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';
import { reopenStaffModeIn, openStaffModeSignedIn } from './patron-support';
import { placementBeside } from './screen-checks';

/**
 * The member editor's refusal, the status choice and the sign-out question in Spanish, in
 * Chromium: staff mode opened after a patron chose Español on the welcome screen.
 */
let kiosk: KioskUnderTest;

beforeAll(async () => {
  kiosk = await startKioskUnderTest();
  const { page } = kiosk;
  await openStaffModeSignedIn(kiosk, DEMO_STAFF_PIN);
  await reopenStaffModeIn(page, 'es');
}, 90_000);

afterAll(async () => {
  await kiosk?.stop();
});

describe('staff screens in Spanish', () => {
  it('asks before signing out, in Spanish, and keeps the sign-in on Mantener la sesión', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Cerrar la sesión del quiosco?' });
    await dialog.waitFor();
    expect(await dialog.locator('p').textContent()).toBe(
      'Los usuarios no podrán llevarse préstamos en este quiosco hasta que alguien vuelva a iniciar sesión.',
    );
    expect(await dialog.getByRole('button').allTextContents()).toEqual([
      'Cerrar sesión',
      'Mantener la sesión',
    ]);
    await kiosk.screenshot('staff-sign-out-confirm-es');
    await dialog.getByRole('button', { name: 'Mantener la sesión' }).click();
    expect(kiosk.kiosk.auth.status().state).toBe('signed-in');
  });

  it("shows a refused save as the library system's reason, in Spanish words around it", async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Socios', exact: true }).click();
    const member = await kiosk.kiosk.auth.client.getMember('1061');
    if (!member.ok) throw new Error('getMember 1061');
    const name = `${member.value.givenName} ${member.value.surname}`;
    await page.getByLabel('Nombre (vacío: todos)').fill(name);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page
      .getByRole('button', { name: `Abrir la ficha de ${name}` })
      .first()
      .click();
    await page.getByRole('heading', { name: `Socio: ${name}` }).waitFor();

    expect(await page.locator('#member-userstatus option').allTextContents()).toEqual([
      'active',
      'blocked',
    ]);
    expect(await page.locator('#member-userstatus-hint').textContent()).toBe(
      'Los estados que tienen ahora los socios de este sistema de biblioteca (el sistema no publica una lista).',
    );
    const taken = memberBarcode(DEMO_MEMBERS.canBorrow);
    await page.locator('#member-userbarcode').fill(taken);
    await page.getByRole('button', { name: 'Guardar los cambios' }).click();
    const problem = page.locator('[data-problem="refused"]');
    await problem.waitFor();
    // The reason is the service's own sentence: the reference service words it in English.
    expect((await problem.textContent())?.trim()).toBe(
      `El sistema de la biblioteca ha rechazado el cambio: Barcode ${taken} belongs to another member.`,
    );
    await kiosk.screenshot('staff-members-refused-es');

    // Mended, it saves; "Guardado." sits under Guardar los cambios, seen without scrolling.
    await page.locator('#member-userbarcode').fill(member.value.barcode ?? '');
    await page.locator('#member-city').fill('Tralee');
    await page.getByRole('button', { name: 'Guardar los cambios' }).click();
    const saved = page.getByText(
      'Guardado. Así figura ahora el socio en el servicio de la biblioteca.',
      { exact: true },
    );
    await saved.waitFor();
    const placement = await placementBeside(
      page,
      saved,
      page.getByRole('button', { name: 'Guardar los cambios' }),
    );
    expect(placement.inView).toBe(true);
    expect(placement.gap).toBeLessThanOrEqual(80);
    await page.screenshot({
      path: path.join(RESULTS_DIR, 'staff-members-saved-beside-save-es.png'),
    });
  });
});
