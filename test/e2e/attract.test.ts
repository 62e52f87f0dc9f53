import { existsSync, statSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';

describe('attract screen in Chromium through the web host', () => {
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    kiosk = await startKioskUnderTest();
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('greets the patron and asks for the library card', async () => {
    await expect(kiosk.kiosk.core.state().screen.name).toBe('attract');
    await kiosk.page.getByRole('heading', { name: 'Welcome' }).waitFor();
    expect(await kiosk.page.getByText('Scan your library card to begin').isVisible()).toBe(true);
    expect(await kiosk.page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('switches the whole screen to Spanish through the core', async () => {
    await kiosk.page.getByRole('button', { name: 'Español' }).click();
    await kiosk.page.getByRole('heading', { name: 'Bienvenido' }).waitFor();
    expect(
      await kiosk.page.getByText('Escanee su carné de la biblioteca para empezar').isVisible(),
    ).toBe(true);
    expect(kiosk.kiosk.core.state().language).toBe('es');
    expect(await kiosk.page.locator('html').getAttribute('lang')).toBe('es');
    await kiosk.page.getByRole('button', { name: 'English' }).click();
    await kiosk.page.getByRole('heading', { name: 'Welcome' }).waitFor();
  });

  it('saves a screenshot under test-results/', async () => {
    const file = await kiosk.screenshot('attract');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).size).toBeGreaterThan(1000);
  });

  it('has no accessibility violations (axe-core)', async () => {
    const results = await new AxeBuilder({ page: kiosk.page }).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('serves the renderer with a strict Content-Security-Policy', async () => {
    const response = await fetch(kiosk.host.url);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });
});
