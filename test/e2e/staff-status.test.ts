import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { APP_VERSION } from '../../src-main/settings/app-version';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';
import { startKioskAgainstDialect } from './dialect-kiosk';
import type { DialectKiosk } from './dialect-kiosk';
import { expectNoSecrets } from './no-secrets';
import { expectNoAxeViolations } from './axe';
import { reopenStaffModeIn, openStaffModeSignedIn } from './patron-support';
import { asItem, asMember } from '../support/barcodes';

const fact = (kiosk: KioskUnderTest, id: string) => kiosk.page.locator(`[data-fact="${id}"]`);

/** A local date and time as the screen writes it in English ("Nov 25, 2026, 3:47 PM"), not ISO. */
const LOCAL_TIME_EN = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/;

/** The words of each granted scope, and the scope under it as the hint. */
async function scopeLines(kiosk: KioskUnderTest): Promise<{ words: string[]; terms: string[] }> {
  const lines = fact(kiosk, 'scopes').locator('li');
  return {
    words: await lines.locator('span:first-child').allTextContents(),
    terms: await lines.locator('.term').allTextContents(),
  };
}

/** The label beside a fact, with its technical term, as staff read it. */
async function labelOf(kiosk: KioskUnderTest, id: string): Promise<string> {
  return (await fact(kiosk, id).locator('xpath=preceding-sibling::dt').innerText()).trim();
}

describe('the status and sign-in screens, signed in to the embedded service', () => {
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    kiosk = await startKioskUnderTest();
    await openStaffModeSignedIn(kiosk, DEMO_STAFF_PIN);
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('opens on the status screen: versions, data folder and its free space', async () => {
    await fact(kiosk, 'app-version').waitFor();
    expect(await fact(kiosk, 'app-version').innerText()).toBe(APP_VERSION);
    expect(await fact(kiosk, 'service-version').innerText()).toMatch(
      /^Not published by the service/,
    );
    expect(await fact(kiosk, 'node').innerText()).toBe(process.versions.node);
    expect(await fact(kiosk, 'electron').innerText()).toBe('Not used (web host)');
    expect(await fact(kiosk, 'browser').innerText()).toMatch(/^Chromium \d+\.\d+/);
    expect(await fact(kiosk, 'data-dir').innerText()).toBe(kiosk.dataDir);
    expect(await fact(kiosk, 'free-space').innerText()).toMatch(
      /^[\d.,]+ [GM]B free of [\d.,]+ [GM]B$/,
    );
    expect(await fact(kiosk, 'settings-file').innerText()).toBe(
      path.join(kiosk.dataDir, 'settings.json'),
    );
  });

  it("names what keeps staff's sign-in: a key file in the data folder, which a copy carries along", async () => {
    await fact(kiosk, 'token-protection').waitFor();
    expect(await labelOf(kiosk, 'token-protection')).toBe('Staff sign-in kept with');
    expect(await fact(kiosk, 'token-protection').innerText()).toBe(
      'A key file inside the data folder: anyone with a copy of the folder can read the staff sign-in and the offline journal',
    );
    await fact(kiosk, 'token-protection').scrollIntoViewIfNeeded();
    await expectNoSecrets(kiosk, await kiosk.screenshot('staff-status-token-protection'));
  });

  it('keeps the sign-in, scanner and offline panels on the status screen', async () => {
    const { page } = kiosk;
    expect(await page.getByText('Signed in as Lena Park').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Barcode scanner' }).isVisible()).toBe(true);
    // The scanner's state as the scanner input has it, in words.
    const scanner = page.getByRole('region', { name: 'Barcode scanner' });
    const state = kiosk.kiosk.scanner.status().state;
    expect(await scanner.locator(`[data-state="${state}"]`).innerText()).toMatch(/scanner/i);
    expect(await page.locator('[data-connectivity="online"]').isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await expectNoSecrets(kiosk, await kiosk.screenshot('staff-status'));
  });

  it("words an answer the kiosk did not follow or read in staff's language, Retry in view", async () => {
    const { page } = kiosk;
    const { journal } = kiosk.kiosk.offline;
    const target = `https://elsewhere.example/api/${'checkout/'.repeat(12)}lmcheckout`;
    const out = await journal.record({
      kind: 'check-out',
      item: asItem('34410000000019'),
      member: asMember('24410000000011'),
      at: Date.now(),
    });
    const back = await journal.record({
      kind: 'check-in',
      item: asItem('34410000000027'),
      at: Date.now(),
    });
    if (!out.ok || !back.ok) throw new Error('the journal did not record');
    await journal.settle(
      [
        {
          t: 'exception',
          id: out.value.id,
          reason: 'refused',
          unread: { kind: 'redirected', target },
        },
        {
          t: 'exception',
          id: back.value.id,
          reason: 'unconfirmed',
          unread: { kind: 'too-large', limitBytes: 4 * 1024 ** 2 },
        },
      ],
      { durable: true },
    );
    const expectActionsInside = async (region: string, name: RegExp) => {
      const panel = await page.getByRole('region', { name: region }).boundingBox();
      for (const button of await page.getByRole('button', { name }).all()) {
        const box = await button.boundingBox();
        expect(box && panel && box.x + box.width <= panel.x + panel.width, region).toBe(true);
      }
    };
    const answers = async (region: string) => {
      const rows = page.getByRole('region', { name: region }).getByRole('row');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
      return rows.locator('td.answer').allInnerTexts();
    };
    await page.getByRole('button', { name: 'Status', exact: true }).click();
    expect((await answers('Exceptions')).sort()).toEqual([
      'The answer was larger than the 4 MB the kiosk reads (setting service.maxAnswerBytes), so it was not read.',
      `The library system redirected the request to ${target}; the kiosk does not follow redirects.`,
    ]);
    // A long address wraps in its cell: the actions stay whole inside the panel, beside it.
    await expectActionsInside('Exceptions', /^(Retry|Dismiss)/);
    await kiosk.screenshot('offline-staff-unread-answers');

    await reopenStaffModeIn(page, 'es');
    const spanish = await answers('Excepciones');
    expect(spanish.sort()).toEqual([
      `El sistema de la biblioteca redirigió la petición a ${target}; el quiosco no sigue redirecciones.`,
      'La respuesta superaba los 4 MB que lee el quiosco (ajuste service.maxAnswerBytes), así que no se leyó.',
    ]);
    expect(spanish.join(' ')).not.toMatch(/redirected|not read|library system/);
    await expectActionsInside('Excepciones', /^(Reintentar|Descartar)/);
    await kiosk.screenshot('offline-staff-unread-answers-es');

    // Back to English staff mode for the tests after this one.
    await reopenStaffModeIn(page, 'en');
  });

  it('names the signed-in user and the library account from get user info', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Sign-in', exact: true }).click();
    await fact(kiosk, 'user-name').waitFor();
    expect(await fact(kiosk, 'user-name').innerText()).toBe('Lena Park');
    expect(await fact(kiosk, 'user-email').innerText()).toBe('lena.park@example.org');
    expect(await fact(kiosk, 'user-username').innerText()).toBe('librarian');
    const given = await page
      .locator('[data-fact^="user-"], [data-fact^="account-"]')
      .allInnerTexts();
    expect(given.length).toBeGreaterThanOrEqual(8);
    expect(given.every((text) => text.trim().length > 0)).toBe(true);
  });

  it('shows the registered client and its token state in words: stays signed in, never a token', async () => {
    expect(await fact(kiosk, 'client-kind').innerText()).toBe(
      "Registered: the kiosk's own registration with the library system; it stays signed in",
    );
    expect(await labelOf(kiosk, 'client-kind')).toBe(
      'Kind of sign-in\nOAuth client type: registered',
    );
    expect(await fact(kiosk, 'client-id').innerText()).toBe('library-kiosk');
    expect(await labelOf(kiosk, 'client-id')).toBe(
      "The kiosk's name at the sign-in server\nOAuth client ID",
    );
    expect(await labelOf(kiosk, 'auth-url')).toBe('Sign-in server\nOAuth authorization server');
    expect(await fact(kiosk, 'refresh-token').innerText()).toBe(
      'Yes: the kiosk renews its access by itself',
    );
    expect(await labelOf(kiosk, 'refresh-token')).toBe('Staying signed in\nrefresh token');
    // Times as a local date and time, never an ISO stamp or epoch milliseconds.
    expect(await fact(kiosk, 'access-ends').innerText()).toMatch(LOCAL_TIME_EN);
    expect(await labelOf(kiosk, 'access-ends')).toBe('Access ends\naccess token expiry');
    expect(await fact(kiosk, 'refresh-due').innerText()).toMatch(LOCAL_TIME_EN);
    expect(await labelOf(kiosk, 'refresh-due')).toBe('Next renewal from\ntoken refresh');
    expect(
      await kiosk.page.getByRole('heading', { name: 'Access to the library system' }).count(),
    ).toBe(1);

    // Each scope in words, its name as the hint; the raw scope string is not the text.
    const granted = kiosk.kiosk.auth.tokenSummary()?.scopes ?? [];
    expect(granted).toEqual(expect.arrayContaining(['openid', 'serviceApi', 'offline_access']));
    const words: Record<string, string> = {
      serviceApi: "Use the library system's API",
      offline_access: 'Stay signed in: renew access without staff',
      email: 'Read your e-mail address',
      profile: 'Read your profile',
      openid: 'Identify you',
    };
    const order = Object.keys(words).filter((scope) => granted.includes(scope));
    expect(await scopeLines(kiosk)).toEqual({
      words: order.map((scope) => words[scope]),
      terms: order,
    });
    expect(await labelOf(kiosk, 'scopes')).toBe('What the kiosk may do\nOAuth scopes granted');
    const shown = await fact(kiosk, 'scopes').innerText();
    expect(shown).not.toContain(granted.join(' '));
    expect(shown.split('\n')[0]).toBe("Use the library system's API");
    await expectNoAxeViolations(kiosk.page);
    await expectNoSecrets(kiosk, await kiosk.screenshot('staff-account'));
  });

  it('signs out from the sign-in screen: no tokens held, nobody named', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page
      .getByRole('alertdialog', { name: 'Sign the kiosk out?' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await page.getByText('Not signed in.').waitFor();
    await page.getByText('No tokens are held: nobody is signed in.').waitFor();
    expect(await page.getByText('Nobody is signed in.', { exact: true }).isVisible()).toBe(true);
    expect(await fact(kiosk, 'user-name').count()).toBe(0);
    expect(kiosk.kiosk.auth.status().state).toBe('signed-out');
    await expectNoAxeViolations(page);
  });
});

describe('the sign-in screen with the development client', () => {
  const PIN = '246813';
  let running: DialectKiosk;
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    running = await startKioskAgainstDialect('snake', {
      pin: PIN,
      service: { clientKind: 'development' },
    });
    kiosk = running.kiosk;
    await openStaffModeSignedIn(kiosk, PIN);
  });

  afterAll(async () => {
    await running?.stop();
  });

  it('holds no refresh token: the session ends with the access token', async () => {
    await kiosk.page.getByRole('button', { name: 'Sign-in', exact: true }).click();
    await fact(kiosk, 'refresh-token').waitFor();
    expect(await fact(kiosk, 'client-kind').innerText()).toBe(
      'Development: for testing; staff sign in again when a session ends',
    );
    expect(await labelOf(kiosk, 'client-kind')).toBe(
      'Kind of sign-in\nOAuth client type: development',
    );
    expect(await fact(kiosk, 'client-id').innerText()).toBe('library-kiosk-dev');
    expect(
      await kiosk.page
        .getByText(
          'Development sign-in, for testing: the kiosk cannot stay signed in, so sign in again when the session ends.',
          { exact: true },
        )
        .count(),
    ).toBe(1);
    expect(await fact(kiosk, 'refresh-token').innerText()).toBe(
      'No: the session ends when access does, then staff must sign in again',
    );
    expect(await fact(kiosk, 'refresh-due').count()).toBe(0);
    expect(await fact(kiosk, 'user-name').innerText()).toBe('Lena Park');
    await expectNoAxeViolations(kiosk.page);
    await expectNoSecrets(kiosk, await kiosk.screenshot('staff-account-development'));
  });
});

describe('the sign-in screen in Spanish', () => {
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    kiosk = await startKioskUnderTest();
    const { page } = kiosk;
    await openStaffModeSignedIn(kiosk, DEMO_STAFF_PIN);
    await page.getByRole('button', { name: 'Leave staff mode' }).click();
    await page.getByRole('button', { name: 'Español' }).click();
    await page.locator('html[lang="es"]').waitFor({ state: 'attached' });
    await page.keyboard.press('Control+Alt+KeyS');
    await page.getByLabel('PIN del personal').fill(DEMO_STAFF_PIN);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Modo personal' }).waitFor();
  }, 90_000);

  afterAll(async () => {
    await kiosk?.stop();
  });

  it("names what keeps staff's sign-in on the status screen, in Spanish words", async () => {
    await fact(kiosk, 'token-protection').waitFor();
    expect(await labelOf(kiosk, 'token-protection')).toBe(
      'Inicio de sesión del personal guardado con',
    );
    expect(await fact(kiosk, 'token-protection').innerText()).toBe(
      'Un archivo de clave dentro de la carpeta de datos: quien tenga una copia de la carpeta puede leer el inicio de sesión del personal y el diario sin conexión',
    );
    await fact(kiosk, 'token-protection').scrollIntoViewIfNeeded();
    await expectNoSecrets(kiosk, await kiosk.screenshot('staff-status-token-protection-es'));
  });

  it('says what the kiosk may do and how it signs in, in Spanish words', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Acceso', exact: true }).click();
    await fact(kiosk, 'scopes').waitFor();
    expect(await fact(kiosk, 'client-kind').innerText()).toBe(
      'Registrado: el registro propio del quiosco en el sistema de la biblioteca; mantiene la sesión',
    );
    expect(await labelOf(kiosk, 'client-kind')).toBe(
      'Tipo de inicio de sesión\nTipo de cliente OAuth: registered',
    );
    expect(await fact(kiosk, 'refresh-token').innerText()).toBe(
      'Sí: el quiosco renueva el acceso por sí mismo',
    );
    expect(await fact(kiosk, 'access-ends').innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    const granted = kiosk.kiosk.auth.tokenSummary()?.scopes ?? [];
    const words: Record<string, string> = {
      serviceApi: 'Usar la API del sistema de la biblioteca',
      offline_access: 'Mantener la sesión: renovar el acceso sin el personal',
      email: 'Leer su dirección de correo electrónico',
      profile: 'Leer su perfil',
      openid: 'Identificarle',
    };
    const order = Object.keys(words).filter((scope) => granted.includes(scope));
    expect(order.length).toBeGreaterThanOrEqual(3);
    expect(await scopeLines(kiosk)).toEqual({
      words: order.map((scope) => words[scope]),
      terms: order,
    });
    expect(await labelOf(kiosk, 'scopes')).toBe(
      'Qué puede hacer el quiosco\nÁmbitos OAuth concedidos',
    );
    expect(await fact(kiosk, 'scopes').innerText()).not.toContain(granted.join(' '));
    await expectNoAxeViolations(page);
    await expectNoSecrets(kiosk, await kiosk.screenshot('staff-account-es'));
  });
});
