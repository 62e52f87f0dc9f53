/**
 * The web host's heartbeat in real Chromium: a page whose JavaScript is paused (DevTools'
 * Debugger.pause, as a page stuck in a loop) stops answering; the host logs it and counts it, and
 * the status screen shows the count once the page runs again (issue 21, fault 2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { captureLogs } from '../support/log-capture';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';
import { openStaffModeSignedIn } from './patron-support';

const STOPPED = 'the kiosk page in the browser stopped answering its heartbeat';
const AGAIN = 'the kiosk page in the browser answers its heartbeat again';
// The warnings of the whole file: the demo kiosk's at its start, then the one the pause provokes.
const WARNINGS = [
  'warn kiosk: demo mode: the demo staff PIN opens staff mode',
  `warn web-host:ipc: ${STOPPED}`,
];

describe('a browser page that stops answering its heartbeat', () => {
  let kiosk: KioskUnderTest;
  // The E2E project logs errors only; the heartbeat's lines are a warning and an info.
  let logs: ReturnType<typeof captureLogs>;
  const heartbeat = () => logs.records.filter((record) => record.scope === 'web-host:ipc');
  const warnings = () => logs.lines().filter((line) => /^(warn|error) /.test(line));

  beforeAll(async () => {
    logs = captureLogs('info');
    kiosk = await startKioskUnderTest({
      blobStore: false,
      heartbeat: { everyMs: 200, silentMs: 1500 },
    });
    await openStaffModeSignedIn(kiosk, DEMO_STAFF_PIN);
  });

  afterAll(async () => {
    // Before the stop: a line the stop writes is the guard's to name.
    logs?.restore();
    await kiosk?.stop();
  });

  const fact = () => kiosk.page.locator('[data-fact="page-recoveries"]');

  it('is logged and counted by the host, and the status screen shows it', async () => {
    await fact().waitFor();
    expect(await fact().innerText()).toBe('None');
    expect((await fact().locator('xpath=preceding-sibling::dt').innerText()).trim()).toBe(
      'Page recoveries since start',
    );
    // A page that answers is never reported, however long it runs.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(heartbeat().filter((record) => record.message === STOPPED)).toEqual([]);

    const session = await kiosk.page.context().newCDPSession(kiosk.page);
    await session.send('Debugger.enable');
    const paused = new Promise((resolve) => session.once('Debugger.paused', resolve));
    await session.send('Debugger.pause');
    // Paused at the next script to run: the next heartbeat's message handler.
    await paused;
    await expect
      .poll(() => heartbeat().filter((record) => record.message === STOPPED).length, {
        timeout: 15_000,
      })
      .toBe(1);
    expect(heartbeat().find((record) => record.message === STOPPED)?.level).toBe('warn');
    await session.send('Debugger.resume');
    await session.detach();
    await expect
      .poll(() => heartbeat().some((record) => record.message === AGAIN), { timeout: 15_000 })
      .toBe(true);

    await kiosk.page
      .locator('section[aria-labelledby="kiosk-facts-title"]')
      .getByRole('button', { name: 'Refresh' })
      .click();
    await expect
      .poll(() => fact().innerText(), { timeout: 10_000 })
      .toMatch(/^1 \(last: browser stopped answering, \d{2}:\d{2}\)$/);
    await fact().scrollIntoViewIfNeeded();
    await kiosk.screenshot('page-heartbeat-status-en');
    expect(warnings()).toEqual(WARNINGS);
  });

  it('shows the same count in Spanish words', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Leave staff mode' }).click();
    await page.getByRole('button', { name: 'Español' }).click();
    await page.locator('html[lang="es"]').waitFor({ state: 'attached' });
    await page.keyboard.press('Control+Alt+KeyS');
    await page.getByLabel('PIN del personal').fill(DEMO_STAFF_PIN);
    await page.keyboard.press('Enter');
    await fact().waitFor();
    expect((await fact().locator('xpath=preceding-sibling::dt').innerText()).trim()).toBe(
      'Recuperaciones de la página desde el inicio',
    );
    expect(await fact().innerText()).toMatch(
      /^1 \(la última: el navegador dejó de contestar, \d{2}:\d{2}\)$/,
    );
    await fact().scrollIntoViewIfNeeded();
    await kiosk.screenshot('page-heartbeat-status-es');
    expect(warnings()).toEqual(WARNINGS);
  });
});
