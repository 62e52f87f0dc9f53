import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { EDITABLE_FIELDS } from '../../src-common/member-rules';
import { startKioskAgainstDialect } from './dialect-kiosk';
import type { DialectKiosk } from './dialect-kiosk';
import { startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';
import { expectNoAxeViolations } from './axe';
import { openStaffModeSignedIn } from './patron-support';
import { placementBeside } from './screen-checks';

/**
 * The member editor against services that take its PUT at its word: one whose PUT replaces the
 * member (every field set from the body), and one (the snake dialect) that does not show some
 * fields, which the editor then asks about before it sends them empty.
 */

const field = (page: Page, name: string) => page.locator(`#member-${name}`);

async function openMembers(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Members', exact: true }).click();
  await page.getByRole('heading', { name: 'Find members' }).waitFor();
}

async function openMember(page: Page, name: string): Promise<void> {
  await page.getByLabel('Name (empty: everyone)').fill(name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page
    .getByRole('button', { name: `Open ${name}` })
    .first()
    .click();
  await page.getByRole('heading', { name: `Member ${name}` }).waitFor();
}

describe('saving one phone number against a service whose member PUT replaces the record', () => {
  let kiosk: KioskUnderTest;
  beforeAll(async () => {
    kiosk = await startKioskUnderTest({ memberPut: 'replace', faults: true });
    await openStaffModeSignedIn(kiosk, DEMO_STAFF_PIN);
    await openMembers(kiosk.page);
  }, 90_000);
  afterAll(() => kiosk?.stop());

  it('leaves every other field of the member as it was', async () => {
    const { page } = kiosk;
    const before = await kiosk.kiosk.auth.client.getMember('1070');
    if (!before.ok) throw new Error('getMember 1070');
    await openMember(page, `${before.value.givenName} ${before.value.surname}`);
    const shown = Object.fromEntries(
      await Promise.all(
        EDITABLE_FIELDS.map(async (name) => [name, await field(page, name).inputValue()] as const),
      ),
    );
    await field(page, 'PhoneNo').fill('+353 1 555 0170');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved. This is the member as the library service now has it.').waitFor();

    const after = await kiosk.kiosk.auth.client.getMember('1070');
    if (!after.ok) throw new Error('getMember 1070 after');
    const { extra: _before, ...was } = before.value;
    const { extra: _after, ...now } = after.value;
    expect(now).toEqual({ ...was, phone: '+353 1 555 0170' });
    expect(now.givenName).toBeTruthy();
    expect(await field(page, 'GivenName').inputValue()).toBe(shown.GivenName);
    expect(await page.locator('.not-as-sent').count()).toBe(0);
  });

  it('says the library system cannot be reached in a sentence, without a network code', async () => {
    const { page } = kiosk;
    const faults = kiosk.kiosk.faults;
    if (!faults) throw new Error('the embedded service has no fault knobs');
    await field(page, 'city').fill('Clifden');
    faults.set({ outage: true });
    try {
      await page.getByRole('button', { name: 'Save changes' }).click();
      const problem = page.locator('[data-problem="unreachable"]');
      await problem.waitFor();
      expect(await problem.locator('p').textContent()).toBe(
        'The library system cannot be reached just now. Check the network, then try again.',
      );
      expect(await field(page, 'city').inputValue()).toBe('Clifden');
    } finally {
      faults.reset();
    }
  });
});

describe('fields the kiosk cannot read (snake dialect: no user name, no status word)', () => {
  const PIN = '246813';
  let running: DialectKiosk;
  let page: Page;
  beforeAll(async () => {
    running = await startKioskAgainstDialect('snake', { pin: PIN });
    page = running.kiosk.page;
    await openStaffModeSignedIn(running.kiosk, PIN);
    await openMembers(page);
    await openMember(page, 'Aoife Whelan');
  }, 90_000);
  afterAll(() => running?.stop());

  it('marks them on the form and lets staff type a status when the service shows none to choose', async () => {
    expect((await page.locator('.results-status').textContent())?.trim()).toBe(
      'Page 1 of 1 · 1 member in all',
    );
    expect(await page.locator('#member-UserName-hint').textContent()).toBe(
      'Could not be read from the library system: it is sent empty unless you fill it in.',
    );
    expect(await field(page, 'userstatus').evaluate((element) => element.tagName)).toBe('INPUT');
    expect(await page.locator('#member-userstatus-hint').textContent()).toBe(
      'The library system shows no member statuses to choose from: type the word it uses. Could not be read from the library system: it is sent empty unless you fill it in.',
    );
  });

  it('names them before sending them empty, and Go back sends nothing', async () => {
    const sent: unknown[] = [];
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        const frame = JSON.parse(String(payload)) as { channel?: string };
        if (frame.channel === 'staff.console.members.update') sent.push(frame);
      }),
    );
    await field(page, 'PhoneNo').fill('+353 1 555 0120');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Some fields could not be read' });
    await dialog.waitFor();
    expect(await dialog.locator('p').textContent()).toBe(
      'The kiosk could not read these fields from the library system: User name and Member status. Saving sends them empty, and the library system may clear what it holds there.',
    );
    expect(await page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await running.kiosk.screenshot('staff-members-unread-confirm');

    await dialog.getByRole('button', { name: 'Go back and fill them in' }).click();
    expect(await dialog.count()).toBe(0);
    expect(await page.locator('#member-UserName:focus').count()).toBe(1);
    expect(sent).toEqual([]);
  });

  it("sends them empty once confirmed, and shows the service's refusal in words with field labels", async () => {
    await field(page, 'userstatus').fill('active');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Some fields could not be read' });
    expect(await dialog.locator('p').textContent()).toBe(
      'The kiosk could not read this field from the library system: User name. Saving sends it empty, and the library system may clear what it holds there.',
    );
    await dialog.getByRole('button', { name: 'Save with them empty' }).click();
    const problem = page.locator('[data-problem="refused"]');
    await problem.waitFor();
    // The service said "UserName must not be empty.": its words, with the field's label.
    expect((await problem.textContent())?.trim()).toBe(
      'The library system refused the change: User name must not be empty.',
    );
    expect(await field(page, 'PhoneNo').inputValue()).toBe('+353 1 555 0120');
    await running.kiosk.screenshot('staff-members-refused-words');
  });

  it('saves once filled in, and says which fields the service does not show as sent', async () => {
    await field(page, 'UserName').fill('awhelan');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved. This is the member as the library service now has it.').waitFor();
    const notes = page.locator('.not-as-sent');
    expect(await notes.locator('p').textContent()).toBe(
      'Saved, but the library system does not show these fields as they were sent:',
    );
    expect(await notes.locator('li').allTextContents()).toEqual([
      "User name: sent “awhelan”, the library system's answer does not show it.",
      "Member status: sent “active”, the library system's answer does not show it.",
    ]);
    // Under the Save button that caused it, seen without scrolling.
    const placement = await placementBeside(
      page,
      notes,
      page.getByRole('button', { name: 'Save changes' }),
    );
    expect(placement.inView).toBe(true);
    expect(placement.gap).toBeLessThanOrEqual(80);
    await running.kiosk.screenshot('staff-members-not-as-sent');
  });
});
