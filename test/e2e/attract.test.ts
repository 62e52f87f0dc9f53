import { existsSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';
import { expectNoAxeViolations, signInStaff } from './patron-support';

describe('attract screen in Chromium through the web host', () => {
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    kiosk = await startKioskUnderTest();
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('says "out of service, please see staff" and nothing else before staff sign in', async () => {
    const { page } = kiosk;
    await page.getByRole('heading', { name: 'Out of service' }).waitFor();
    expect(kiosk.kiosk.core.state().screen).toMatchObject({ name: 'attract', outOfService: true });
    expect(await page.getByText('Please see staff at the desk.').isVisible()).toBe(true);
    expect(await page.getByText('Scan your library card to begin').count()).toBe(0);
    expect(await page.getByRole('button').count()).toBe(0);
    await kiosk.screenshot('patron-attract-out-of-service');
    await expectNoAxeViolations(page);
  });

  it('greets the patron and asks for the library card once staff have signed in', async () => {
    await signInStaff(kiosk.page);
    expect(kiosk.kiosk.core.state().screen).toMatchObject({ name: 'attract', outOfService: false });
    expect(await kiosk.page.getByText('Scan your library card to begin').isVisible()).toBe(true);
    expect(await kiosk.page.getByRole('button', { name: /Return items/ }).isVisible()).toBe(true);
    expect(await kiosk.page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('offers no email sign-in unless settings allow it', async () => {
    expect(await kiosk.page.getByRole('button', { name: /email/ }).count()).toBe(0);
  });

  it('switches the whole screen to Spanish through the core', async () => {
    await kiosk.page.getByRole('button', { name: 'Español' }).click();
    await kiosk.page.getByRole('heading', { name: 'Bienvenido' }).waitFor();
    expect(
      await kiosk.page.getByText('Escanee su carné de la biblioteca para empezar').isVisible(),
    ).toBe(true);
    expect(kiosk.kiosk.core.state().language).toBe('es');
    expect(await kiosk.page.locator('html').getAttribute('lang')).toBe('es');
    await kiosk.screenshot('patron-attract-es');
    await kiosk.page.getByRole('button', { name: 'English' }).click();
    await kiosk.page.getByRole('heading', { name: 'Welcome' }).waitFor();
  });

  it('saves a screenshot under test-results/', async () => {
    const file = await kiosk.screenshot('patron-attract');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).size).toBeGreaterThan(1000);
  });

  it('has no accessibility violations (axe-core)', async () => {
    await expectNoAxeViolations(kiosk.page);
  });

  it('switches to the high-contrast theme through the core, also without violations', async () => {
    const toggle = kiosk.page.getByRole('button', { name: 'High contrast' });
    await toggle.click();
    await expect
      .poll(() => kiosk.page.locator('html').getAttribute('data-theme'))
      .toBe('high-contrast');
    expect(kiosk.kiosk.core.state().theme).toBe('high-contrast');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await kiosk.screenshot('patron-attract-high-contrast');
    await expectNoAxeViolations(kiosk.page);
    await toggle.click();
    await expect.poll(() => kiosk.page.locator('html').getAttribute('data-theme')).toBe('standard');
  });

  it('serves the renderer with a strict Content-Security-Policy', async () => {
    const response = await fetch(kiosk.host.url);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('serves the feedback sounds the renderer plays', async () => {
    for (const sound of ['success', 'warning', 'error']) {
      const response = await fetch(new URL(`/sounds/${sound}.wav`, kiosk.host.url));
      expect(response.headers.get('content-type')).toBe('audio/wav');
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
  });
});
