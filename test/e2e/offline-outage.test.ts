import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/host/bootstrap';
import { openLedger } from '../support/offline-kiosk';
import type { ServiceLedger } from '../support/offline-kiosk';
import type { PatronKiosk } from './patron-support';
import {
  AMARA,
  CARDS,
  ITEMS,
  expectNoAxeViolations,
  scan,
  sessionLines,
  startSignedInKiosk,
} from './patron-support';

/**
 * The whole outage story as a patron and a librarian live it, in Chromium through the web host:
 * the service goes away mid-session, the kiosk keeps lending and taking returns, staff watch the
 * queue, the service comes back, and every transaction reaches it once.
 */
describe('an outage at the kiosk, from the first scan to the last sync', () => {
  let kiosk: PatronKiosk;
  let ledger: ServiceLedger;
  const [first, second, third] = [ITEMS.available[0]!, ITEMS.available[1]!, ITEMS.available[2]!];

  beforeAll(async () => {
    kiosk = await startSignedInKiosk({ receipt: { mode: 'ask' } }, { faults: true });
    ledger = openLedger(path.join(kiosk.dataDir, 'reference-service'));
  });

  afterAll(async () => {
    ledger?.close();
    await kiosk?.stop();
  });

  const faults = () => {
    const controller = kiosk.kiosk.faults;
    if (!controller) throw new Error('the embedded service was started without fault knobs');
    return controller;
  };

  it('lends online, then records the next item when the service goes away mid-session', async () => {
    const { page } = kiosk;
    await scan(kiosk, CARDS.canBorrow);
    await page.getByRole('heading', { name: new RegExp(AMARA.firstName) }).waitFor();
    await scan(kiosk, first);
    await sessionLines(page).and(page.locator('[data-status="done"]')).first().waitFor();

    faults().set({ outage: true });
    await scan(kiosk, second);
    const recorded = sessionLines(page).and(page.locator('[data-status="queued"]'));
    await recorded.first().waitFor();
    // The outage drops a connection the service had accepted: the kiosk cannot know whether it
    // lent the item, so it is being confirmed; the next one is recorded offline outright.
    expect(await recorded.first().textContent()).toContain('being confirmed');
    await scan(kiosk, third);
    await expect.poll(() => recorded.count()).toBe(2);
    // Newest first: the third item, recorded while the kiosk knew it was offline.
    expect(await recorded.first().textContent()).toContain('Recorded offline — to be confirmed');
    expect(await sessionLines(page).and(page.locator('[data-status="refused"]')).count()).toBe(0);
    await kiosk.screenshot('offline-patron-mid-session');
    await expectNoAxeViolations(page);
  });

  it('prints on the receipt that recorded items will be confirmed', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: "I'm done" }).click();
    await page.getByText('Some of your items were recorded offline').waitFor();
    // The slip is drawn for the printer only; its words are in the page all the same.
    expect(await page.locator('.receipt-slip').textContent()).toContain(
      'Items recorded offline will be confirmed by the library system',
    );
    await kiosk.screenshot('offline-receipt-ask');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /No receipt/i }).click();
    await page.getByRole('heading', { name: /Thank you/ }).waitFor();
  });

  it('tells the next patron the kiosk works offline, and takes a card and a return without the service', async () => {
    const { page } = kiosk;
    await page.getByText('Working offline').first().waitFor({ timeout: 15_000 });
    await kiosk.screenshot('offline-attract');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: /Return items/ }).click();
    await page.getByText('any fine is calculated when the library system is back').waitFor();
    await scan(kiosk, first);
    const line = sessionLines(page).and(page.locator('[data-status="queued"]')).first();
    await line.waitFor();
    expect(await line.textContent()).toContain('Fine, if any, calculated later');
    await kiosk.screenshot('offline-check-in');
    await expectNoAxeViolations(page);

    // A code that does not match the item pattern (16 digits) is not taken offline: the patron
    // reads why, and the staff queue below still holds four. (A printed formula such as `3;=1+1`
    // cannot be typed by the wedge helper: test/unit/circulation/offline/ covers it.)
    await scan(kiosk, '3000000000000199');
    const declined = sessionLines(page).and(page.locator('[data-status="refused"]')).first();
    await declined.waitFor();
    expect(await declined.textContent()).toContain(
      'This barcode is not a library item, so the kiosk cannot take it while the library system is offline. Please see staff.',
    );
    await kiosk.screenshot('offline-check-in-not-an-item');
    await page.getByRole('button', { name: "I'm done" }).click();
    await page.getByRole('button', { name: /No receipt/i }).click();
    await page.getByText('Working offline').first().waitFor({ timeout: 15_000 });
  });

  it('shows staff the queue while offline, then sends it once the service is back', async () => {
    const { page } = kiosk;
    await page.keyboard.press('Control+Alt+KeyS');
    await page.getByLabel('Staff PIN').fill(DEMO_STAFF_PIN);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Staff mode' }).waitFor();
    await page.getByText('Library system: offline').waitFor();
    await page.getByText('Waiting for the library system to answer').waitFor();
    const queue = page.getByRole('region', { name: 'Queued transactions' });
    await expect.poll(() => queue.getByRole('row').count()).toBe(4);
    await page
      .locator('.offline-panel')
      .screenshot({ path: 'test-results/offline-staff-queue.png' });
    await expectNoAxeViolations(page);

    faults().set({ outage: false });
    await page.getByText('Nothing is queued.').waitFor({ timeout: 30_000 });
    await page.getByText('Library system: online.').waitFor();
    await page
      .locator('.offline-panel')
      .screenshot({ path: 'test-results/offline-staff-synced.png' });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export journal (CSV)' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^offline-journal-.*\.csv$/);
    const csv = await readFile((await saved.path()) ?? '', 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '"id","kind","recorded_at","item_barcode","member_barcode","state","offline_due_date","reason","status","code","message"',
    );

    expect([ledger.holderOf(second), ledger.lendingsOf(second)]).toEqual([CARDS.canBorrow, 1]);
    expect([ledger.holderOf(third), ledger.lendingsOf(third)]).toEqual([CARDS.canBorrow, 1]);
    expect([ledger.holderOf(first), ledger.lendingsOf(first), ledger.checkInsOf(first)]).toEqual([
      undefined,
      1,
      1,
    ]);
  });

  it('takes a block list from staff, and refuses that card while offline', async () => {
    const { page } = kiosk;
    await page.locator('#block-list-file').setInputFiles({
      name: 'blocked.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`card\n${CARDS.canBorrow}\nnot a card\n`),
    });
    await page.getByText('1 card imported.').waitFor();
    expect(await page.getByText('Lines without a card barcode: 3').count()).toBe(1);
    await page.getByRole('button', { name: 'Leave staff mode' }).click();

    faults().set({ outage: true });
    await scan(kiosk, CARDS.canBorrow);
    await page.getByText('Your library account is on hold').waitFor();
    expect(await page.getByRole('heading', { name: 'Welcome' }).count()).toBe(1);
    await kiosk.screenshot('offline-card-refused');
    faults().set({ outage: false });
  });
});
