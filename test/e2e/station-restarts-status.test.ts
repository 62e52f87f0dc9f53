/**
 * The station session's restart history on the staff status screen, in real Chromium: the line
 * reads the file the session script writes in the data folder (resources/station/
 * library-kiosk-session.sh, `remember`), in exact words in English and Spanish, and a damaged
 * file never breaks the screen.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import {
  EXIT_PAGE_KEEPS_CRASHING,
  STATION_RESTARTS_FILE,
} from '../../src-main/core/console/diagnostics/station-restarts';
import { clockTime } from '../../src-renderer/staff/diagnostics/recovery-words';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';
import { openStaffModeSignedIn } from './patron-support';

/** A history line as the session script writes it, `minutesAgo` before now. */
function entry(minutesAgo: number, status: number, pause: number): { line: string; at: string } {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { line: `${at} ${status} ${pause}`, at };
}

describe("the status screen's station restarts", () => {
  let kiosk: KioskUnderTest;
  const file = (): string => path.join(kiosk.dataDir, STATION_RESTARTS_FILE);
  const fact = () => kiosk.page.locator('[data-fact="station-restarts"]');
  const label = () => fact().locator('xpath=preceding-sibling::dt');
  const refresh = async (name: string): Promise<void> => {
    await kiosk.page
      .locator('section[aria-labelledby="kiosk-facts-title"]')
      .getByRole('button', { name })
      .click();
  };
  const newest = entry(3, EXIT_PAGE_KEEPS_CRASHING, 4);

  beforeAll(async () => {
    kiosk = await startKioskUnderTest();
    await openStaffModeSignedIn(kiosk, DEMO_STAFF_PIN);
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('reads "None recorded" with no history, then the count and the last end in plain words', async () => {
    await fact().waitFor();
    expect((await label().innerText()).trim()).toBe('Station restarts in the last hour');
    expect(await fact().innerText()).toBe('None recorded');

    await writeFile(
      file(),
      [
        entry(90, 139, 2).line,
        entry(20, 139, 2).line,
        entry(10, EXIT_PAGE_KEEPS_CRASHING, 2).line,
        newest.line,
        '',
      ].join('\n'),
    );
    await refresh('Refresh');
    await expect
      .poll(() => fact().innerText(), { timeout: 10_000 })
      .toBe(`3 (last: the page kept crashing, ${clockTime(newest.at, 'en')})`);
    await fact().scrollIntoViewIfNeeded();
    await kiosk.screenshot('station-restarts-status-en');
  });

  it('names another status by its number, and a damaged file loses neither the line nor the screen', async () => {
    const other = entry(1, 1, 8);
    await writeFile(file(), `${newest.line}\n\0\0garbage\n${other.line}\n2026-11-2`);
    await refresh('Refresh');
    await expect
      .poll(() => fact().innerText(), { timeout: 10_000 })
      .toBe(`2 (last: ended unexpectedly (status 1), ${clockTime(other.at, 'en')})`);
    // The rest of the screen is there as before.
    await expect
      .poll(() => kiosk.page.locator('[data-fact="data-dir"]').innerText())
      .toBe(kiosk.dataDir);

    await rm(file());
    await writeFile(file(), `${entry(120, 3, 60).line}\n`);
    await refresh('Refresh');
    await expect.poll(() => fact().innerText(), { timeout: 10_000 }).toBe('None');
  });

  it('says the same in Spanish', async () => {
    const { page } = kiosk;
    await writeFile(file(), `${newest.line}\n`);
    await page.getByRole('button', { name: 'Leave staff mode' }).click();
    await page.getByRole('button', { name: 'Español' }).click();
    await page.locator('html[lang="es"]').waitFor({ state: 'attached' });
    await page.keyboard.press('Control+Alt+KeyS');
    await page.getByLabel('PIN del personal').fill(DEMO_STAFF_PIN);
    await page.keyboard.press('Enter');
    await fact().waitFor();
    expect((await label().innerText()).trim()).toBe('Reinicios de la estación en la última hora');
    expect(await fact().innerText()).toBe(
      `1 (el último: la página se cerraba una y otra vez, ${clockTime(newest.at, 'es')})`,
    );
    await fact().scrollIntoViewIfNeeded();
    await kiosk.screenshot('station-restarts-status-es');

    await rm(file());
    await refresh('Actualizar');
    await expect.poll(() => fact().innerText(), { timeout: 10_000 }).toBe('Ninguno registrado');
  });
});
