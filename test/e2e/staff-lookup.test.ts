import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { itemBarcode, memberBarcode } from '../../src-reference-service/barcode';
import { DEMO_ITEMS, DEMO_MEMBERS } from '../../src-reference-service/db/seed';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';
import { expectNoAxeViolations } from './axe';
import { AMARA, openStaffModeSignedIn } from './patron-support';

/**
 * The Circulation lookup screen in Chromium through the web host, against the embedded reference
 * service (with its fault knobs, for the outage): a member by card or email with items, due dates
 * and fine; check-out and check-in from there; refusals and an unreachable service in plain words.
 */
let kiosk: KioskUnderTest;
let page: Page;

const loans = () => page.locator('table.loan-table tbody tr');
const outcome = () => page.locator('.lookup-member .outcome');
const memberPanel = () => page.locator('.lookup-member');
const faults = () => {
  const controller = kiosk.kiosk.faults;
  if (!controller) throw new Error('the kiosk was started without fault knobs');
  return controller;
};

async function lookUp(by: 'Card barcode' | 'Email', value: string): Promise<void> {
  await page.getByRole('radio', { name: by }).check();
  await page.locator('#lookup-query').fill(value);
  await page.getByRole('button', { name: 'Find member' }).click();
}

beforeAll(async () => {
  kiosk = await startKioskUnderTest({ faults: true });
  page = kiosk.page;
  await openStaffModeSignedIn(kiosk, DEMO_STAFF_PIN);
  await page.getByRole('button', { name: 'Circulation', exact: true }).click();
  await page.getByRole('heading', { name: 'Circulation lookup' }).waitFor();
}, 90_000);

afterAll(async () => {
  await kiosk?.stop();
});

describe('Circulation lookup', () => {
  it('finds a member by card and shows their items, due dates, overdue ones marked, and the fine', async () => {
    await lookUp('Card barcode', memberBarcode(DEMO_MEMBERS.withOverdueLoans));
    await memberPanel().waitFor();
    await expect.poll(() => loans().count()).toBe(3);
    const rows = await loans().allTextContents();
    for (const overdue of DEMO_ITEMS.overdue.map(itemBarcode)) {
      const row = rows.find((text) => text.includes(overdue));
      expect(row, overdue).toContain('Overdue');
    }
    const notDue = rows.find((text) => text.includes(itemBarcode(DEMO_ITEMS.onLoanNotDue)));
    expect(notDue).not.toContain('Overdue');
    // Every row has a due date written out (e.g. "12 Mar 2026").
    expect(rows.every((text) => /\d{4}/.test(text))).toBe(true);
    expect(await memberPanel().locator('.lookup-fine').textContent()).toContain('None');
    await expectNoAxeViolations(page);
    await page.locator('#lookup-member-title').scrollIntoViewIfNeeded();
    await kiosk.screenshot('staff-lookup-card');
  });

  it('finds a member by email and shows the fine they owe', async () => {
    const member = await kiosk.kiosk.auth.client.getMember(
      String(1000 + DEMO_MEMBERS.overFineThreshold),
    );
    if (!member.ok || !member.value.email) throw new Error('member 4 has no email');
    await lookUp('Email', member.value.email);
    await expect.poll(() => memberPanel().locator('.lookup-fine').textContent()).toMatch(/12\.50/);
    expect(await memberPanel().getByRole('heading').first().textContent()).toContain(
      member.value.surname,
    );
    expect(await memberPanel().textContent()).toContain('No items on loan.');
  });

  it('checks an item out to the member and back in, the list following each time', async () => {
    const item = itemBarcode(DEMO_ITEMS.available[2]);
    await lookUp('Email', AMARA.email);
    await memberPanel().getByText('No items on loan.').waitFor();

    await page.getByLabel('Item barcode').fill(item);
    await page.getByRole('button', { name: 'Check out to this member' }).click();
    await expect.poll(() => loans().count()).toBe(1);
    expect(await loans().first().textContent()).toContain(item);
    const title = (await loans().first().locator('td').first().textContent())?.trim() ?? '';
    const due = (await loans().first().locator('td').nth(2).textContent())?.trim() ?? '';
    expect(title).not.toBe('');
    expect(await outcome().textContent()).toBe(`Checked out: ${title}, due ${due}.`);
    expect(await page.getByLabel('Item barcode').inputValue()).toBe('');
    await kiosk.screenshot('staff-lookup-checked-out');

    await page.getByLabel('Item barcode').fill(item);
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect.poll(() => outcome().textContent()).toContain(`Checked in: ${title}.`);
    await memberPanel().getByText('No items on loan.').waitFor();
  });

  it("shows the service's refusal in its own words", async () => {
    await lookUp('Card barcode', memberBarcode(DEMO_MEMBERS.blocked));
    await memberPanel().getByText('Blocked').first().waitFor();
    await page.getByLabel('Item barcode').fill(itemBarcode(DEMO_ITEMS.available[3]));
    await page.getByRole('button', { name: 'Check out to this member' }).click();
    const problem = memberPanel().locator('[data-problem="refused"]');
    await problem.waitFor();
    await problem.scrollIntoViewIfNeeded();
    expect(await problem.textContent()).toMatch(/status 400\): “\S.+”/);
    await expectNoAxeViolations(page);
    await kiosk.screenshot('staff-lookup-refused');
  });

  it('says an answer too large to read was not read, naming the cap (issue 22, item 2)', async () => {
    // 5 MiB of trailing spaces after each answer: valid JSON, past the default 4 MiB cap.
    faults().set({ padAnswerBytes: 5 * 1024 ** 2 });
    try {
      await lookUp('Card barcode', memberBarcode(DEMO_MEMBERS.withOverdueLoans));
      const problem = page.locator('[data-problem="too-large"]');
      await problem.waitFor();
      expect((await problem.textContent())?.trim()).toBe(
        "The library service's answer was larger than the 4 MB the kiosk reads, so it was not read (setting service.maxAnswerBytes). Ask whoever runs the service why it answers so much.",
      );
      // Nothing to try again: the same answer would come back.
      expect(await problem.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      await kiosk.screenshot('staff-lookup-too-large');
    } finally {
      faults().set({ padAnswerBytes: 0 });
    }
    await lookUp('Card barcode', memberBarcode(DEMO_MEMBERS.withOverdueLoans));
    await expect.poll(() => loans().count()).toBe(3);
  });

  it('says plainly when the service is unreachable, and queues nothing', async () => {
    await lookUp('Email', AMARA.email);
    await memberPanel().getByText('No items on loan.').waitFor();
    const queuedBefore = kiosk.kiosk.offline?.status().queued;
    faults().set({ outage: true });
    try {
      await page.getByLabel('Item barcode').fill(itemBarcode(DEMO_ITEMS.available[4]));
      await page.getByRole('button', { name: 'Check out to this member' }).click();
      await memberPanel().locator('[data-problem="unreachable"]').waitFor();
      await memberPanel().getByText('are not queued offline').scrollIntoViewIfNeeded();
      // The lookup is not repeated against a service that does not answer.
      expect(
        await page.locator('.lookup-screen > .panel').first().locator('[role="alert"]').count(),
      ).toBe(0);
      await kiosk.screenshot('staff-lookup-unreachable');
    } finally {
      faults().set({ outage: false });
    }
    expect(kiosk.kiosk.offline?.status().queued).toBe(queuedBefore);
    const after = await kiosk.kiosk.auth.client.memberByEmail(AMARA.email);
    expect(after.ok && after.value.loans).toEqual([]);
  });
});
