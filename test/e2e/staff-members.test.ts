import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import { memberBarcode } from '../../src-reference-service/barcode';
import { DEMO_MEMBERS, MEMBER_COUNT } from '../../src-reference-service/db/seed';
import { EDITABLE_FIELDS } from '../../src-common/member-rules';
import { RESULTS_DIR, startKioskUnderTest } from './harness';
import type { KioskUnderTest } from './harness';
import { expectNoAxeViolations } from './axe';
import { AMARA, openStaffModeSignedIn } from './patron-support';
import { placementBeside } from './screen-checks';

/**
 * The Members screen in Chromium through the web host, against the embedded reference service:
 * search and paging, the edit form, what a save sends (the whole record), the status choice, and
 * what a failed save keeps.
 */
let kiosk: KioskUnderTest;
let page: Page;
/** Every staff.console.members.update the renderer sent over the web host's WebSocket. */
const updatesSent: unknown[] = [];

const client = () => kiosk.kiosk.auth.client;
const results = () => page.locator('table.member-results tbody tr');
const status = () => page.locator('.results-status');
const field = (name: string) => page.locator(`#member-${name}`);

const saveButton = () => page.getByRole('button', { name: 'Save changes' });
const SAVED = 'Saved. This is the member as the library service now has it.';

/** The message is seen without scrolling, within 80 px of the Save button that caused it. */
async function expectBesideSave(message: Locator): Promise<void> {
  const placement = await placementBeside(page, message, saveButton());
  expect(placement.inView).toBe(true);
  expect(placement.gap).toBeLessThanOrEqual(80);
}

/** What staff see in the window now, without scrolling (the harness's picture is the whole screen). */
async function windowShot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`) });
}

async function serviceMember(id: string) {
  const found = await client().getMember(id);
  if (!found.ok) throw new Error(`getMember ${id}: ${found.error.kind}`);
  return found.value;
}

async function search(name: string, size = '20'): Promise<void> {
  await page.getByLabel('Name (empty: everyone)').fill(name);
  await page.getByLabel('Members per page').selectOption(size);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** Searches for the member's surname and opens them; resolves when the form is drawn. */
async function openMember(id: string): Promise<void> {
  const member = await serviceMember(id);
  await search(`${member.givenName} ${member.surname}`);
  const name = `${member.givenName} ${member.surname}`;
  await page
    .getByRole('button', { name: `Open ${name}` })
    .first()
    .click();
  await page.getByRole('heading', { name: `Member ${name}` }).waitFor();
  await expect.poll(() => field('GivenName').inputValue()).toBe(member.givenName);
}

beforeAll(async () => {
  kiosk = await startKioskUnderTest();
  page = kiosk.page;
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { channel?: string; payload?: unknown };
      if (frame.channel === 'staff.console.members.update') updatesSent.push(frame.payload);
    }),
  );
  await page.reload();
  await openStaffModeSignedIn(kiosk, DEMO_STAFF_PIN);
  await page.getByRole('button', { name: 'Members', exact: true }).click();
  await page.getByRole('heading', { name: 'Find members' }).waitFor();
}, 90_000);

afterAll(async () => {
  await kiosk?.stop();
});

describe('Members screen: search and paging', () => {
  it('pages through every member, counting pages from 1', async () => {
    await search('', '10');
    await expect.poll(() => status().textContent()).toContain('Page 1 of 24');
    expect(await status().textContent()).toContain(`${MEMBER_COUNT} members in all`);
    expect(await results().count()).toBe(10);
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    const firstOnPage1 = await results().first().textContent();

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => status().textContent()).toContain('Page 2 of 24');
    expect(await results().first().textContent()).not.toBe(firstOnPage1);
    await page.locator('#member-search-title').scrollIntoViewIfNeeded();
    await kiosk.screenshot('staff-members-search');

    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => status().textContent()).toContain('Page 1 of 24');
    expect(await results().first().textContent()).toBe(firstOnPage1);
  });

  it('reaches the last page, where Next is disabled', async () => {
    await search('', '50');
    await expect.poll(() => status().textContent()).toContain('Page 1 of 5');
    for (let pageNumber = 2; pageNumber <= 5; pageNumber += 1) {
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect.poll(() => status().textContent()).toContain(`Page ${pageNumber} of 5`);
    }
    expect(await results().count()).toBe(MEMBER_COUNT - 4 * 50);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
  });

  it('finds a member by name, with barcode, email, status and branch', async () => {
    await search(AMARA.surname);
    await expect.poll(() => status().textContent()).toContain('Page 1 of 1');
    const rows = await results().allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((text) => text.includes(AMARA.surname))).toBe(true);
    const row = rows.find((text) => text.includes(memberBarcode(DEMO_MEMBERS.canBorrow)));
    expect(row).toContain(`${AMARA.firstName} ${AMARA.surname}`);
    expect(row).toContain(memberBarcode(DEMO_MEMBERS.canBorrow));
    expect(row).toContain(AMARA.email);
    expect(row).toContain('Can borrow (active)');
    const amara = await serviceMember('1001');
    const branches = await client().listBranches();
    const branch = branches.ok
      ? branches.value.find((entry) => entry.id === amara.branchId)
      : undefined;
    expect(branch?.name).toBeTruthy();
    expect(row).toContain(branch?.name);
  });

  it('says so when nobody matches', async () => {
    await search('Zzyzx');
    await expect.poll(() => status().textContent()).toContain('No member matches “Zzyzx”.');
    expect(await results().count()).toBe(0);
  });
});

describe('Members screen: editing a member', () => {
  it('shows every field of the update body, branch and type chosen from the service lists', async () => {
    await openMember('1001');
    for (const name of [
      'userbarcode',
      'branchid',
      'usertype',
      'GivenName',
      'Surname',
      'UserName',
      'PhoneNo',
      'address1',
      'address2',
      'city',
      'country',
      'postcode',
      'NameTitle',
      'userstatus',
    ]) {
      expect(await field(name).count(), name).toBe(1);
    }
    const types = await field('usertype').locator('option').allTextContents();
    expect(types).toEqual(expect.arrayContaining(['Adult (ADULT)', 'Student (STUDENT)']));
    expect(await field('usertype').inputValue()).toBe('ADULT');
    expect(await field('branchid').locator('option').count()).toBe(5);
    await expectNoAxeViolations(page);
    await kiosk.screenshot('staff-members-edit');
  });

  it('saves a change and shows it in a fresh lookup', async () => {
    await openMember('1030');
    await field('city').fill('Kinsale');
    await field('usertype').selectOption('STUDENT');
    await page.getByText('2 fields changed.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved. This is the member as the library service now has it.').waitFor();
    expect(await field('city').inputValue()).toBe('Kinsale');

    await page.getByRole('button', { name: 'Close this member' }).click();
    await openMember('1030');
    expect(await field('city').inputValue()).toBe('Kinsale');
    expect(await field('usertype').inputValue()).toBe('STUDENT');
    expect(await serviceMember('1030')).toMatchObject({ city: 'Kinsale', memberType: 'STUDENT' });
  });

  it('sends the whole member as the form shows it, with the change applied (PUT replaces the member)', async () => {
    await openMember('1040');
    const before = await client().getMember('1040');
    expect(before.ok).toBe(true);
    const shown = Object.fromEntries(
      await Promise.all(
        EDITABLE_FIELDS.map(async (name) => [name, await field(name).inputValue()] as const),
      ),
    );
    updatesSent.length = 0;
    await field('address2').fill('Flat 4');
    expect(await page.locator('.member-form .intro').textContent()).toBe(
      'Saving sends the whole member record to the library system: every field below, with your changes.',
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved. This is the member as the library service now has it.').waitFor();

    // Every field of the update body, in the interface's spellings; no confirmation was needed:
    // the reference service gives every field.
    expect(updatesSent).toEqual([
      { record: { Id: '1040', ...shown, address2: 'Flat 4' }, keptBlank: [], read: shown },
    ]);
    const now = await serviceMember('1040');
    expect(now).toMatchObject({
      address2: 'Flat 4',
      phone: shown.PhoneNo,
      givenName: shown.GivenName,
      status: shown.userstatus,
    });
    expect(await page.locator('.not-as-sent').count()).toBe(0);
  });

  it('keeps a value changed at the service after the form was drawn, and says so', async () => {
    await openMember('1041');
    const shownPhone = await field('PhoneNo').inputValue();
    // Another desk changes the phone number after this form was drawn.
    const elsewhere = await client().updateMember({ Id: '1041', PhoneNo: '+353 1 555 9999' });
    expect(elsewhere.ok).toBe(true);
    await field('address2').fill('Flat 4');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved. This is the member as the library service now has it.').waitFor();

    const now = await serviceMember('1041');
    expect(now.address2).toBe('Flat 4');
    expect(now.phone).toBe('+353 1 555 9999');
    expect(shownPhone).not.toBe('+353 1 555 9999');
    const note = page.locator('.changed-elsewhere');
    expect(await note.locator('p').textContent()).toBe(
      'Changed at the library system since you opened this member, and kept as it is there:',
    );
    expect(await note.locator('li').allTextContents()).toEqual(['Phone: now “+353 1 555 9999”.']);
    // The form now shows the member as the service has it, the other desk's change included.
    expect(await field('PhoneNo').inputValue()).toBe('+353 1 555 9999');
  });

  it('offers member status as a choice among the statuses members have, with a plain hint', async () => {
    await openMember('1001');
    const status = field('userstatus');
    expect(await status.evaluate((element) => element.tagName)).toBe('SELECT');
    expect(await status.locator('option').allTextContents()).toEqual(['active', 'blocked']);
    expect(await status.inputValue()).toBe('active');
    expect(await page.locator('#member-userstatus-hint').textContent()).toBe(
      "The statuses this library system's members have now (the system publishes no list).",
    );
    await status.focus();
    await kiosk.screenshot('staff-members-status');
  });

  it('stops a bad value before any request, next to its field', async () => {
    await openMember('1050');
    const before = await serviceMember('1050');
    updatesSent.length = 0;
    await field('PhoneNo').fill('call me');
    await field('GivenName').fill('   ');
    await page.getByRole('button', { name: 'Save changes' }).click();

    await page.getByText('Not sent: correct the fields marked above.').waitFor();
    const phoneError = page.locator('#member-PhoneNo-issue');
    expect(await phoneError.textContent()).toContain('Not a phone number');
    expect(await field('PhoneNo').getAttribute('aria-invalid')).toBe('true');
    expect(await field('PhoneNo').getAttribute('aria-describedby')).toContain(
      'member-PhoneNo-issue',
    );
    expect(await page.locator('#member-GivenName-issue').textContent()).toContain('Required');
    // The first field in error has the focus.
    expect(await page.locator('#member-GivenName:focus').count()).toBe(1);
    expect(updatesSent).toEqual([]);
    expect(await serviceMember('1050')).toMatchObject({
      phone: before.phone,
      givenName: before.givenName,
    });
    await kiosk.screenshot('staff-members-invalid');
  });

  it("keeps everything typed when the service refuses the save, and shows the service's words", async () => {
    await openMember('1060');
    const before = await serviceMember('1060');
    const taken = memberBarcode(DEMO_MEMBERS.canBorrow);
    await field('userbarcode').fill(taken);
    await field('city').fill('Dingle');
    await field('NameTitle').fill('Dr');
    await page.getByRole('button', { name: 'Save changes' }).click();

    const problem = page.locator('[data-problem="refused"]');
    await problem.waitFor();
    // The service's reason in words: no status code, no body.
    expect((await problem.textContent())?.trim()).toBe(
      `The library system refused the change: Barcode ${taken} belongs to another member.`,
    );
    await page.getByText('Not saved. Your changes are still in the form').waitFor();
    expect(await field('userbarcode').inputValue()).toBe(taken);
    expect(await field('city').inputValue()).toBe('Dingle');
    expect(await field('NameTitle').inputValue()).toBe('Dr');
    expect(await serviceMember('1060')).toMatchObject({
      barcode: before.barcode,
      city: before.city,
    });
    await expectNoAxeViolations(page);
    await kiosk.screenshot('staff-members-refused');
    // The refusal and "Not saved" sit by the Save button, seen without scrolling.
    await expectBesideSave(problem);
    await expectBesideSave(page.locator('#member-save-status'));
    expect(await page.locator('#member-save-status').textContent()).toContain(
      'Not saved. Your changes are still in the form',
    );
    expect(await page.locator('#member-save:focus').count()).toBe(1);
    await windowShot('staff-members-refused-beside-save');

    // Mended, the same form saves.
    await field('userbarcode').fill(before.barcode ?? '');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved. This is the member as the library service now has it.').waitFor();
    expect(await serviceMember('1060')).toMatchObject({
      barcode: before.barcode,
      city: 'Dingle',
      nameTitle: 'Dr',
    });
  });
});

describe('Members screen: what a save says, beside the Save button', () => {
  for (const [width, height] of [
    [1280, 800],
    [1920, 1080],
  ] as const) {
    it(`says "Saved." next to Save, seen without scrolling, at ${width}x${height}`, async () => {
      await page.setViewportSize({ width, height });
      try {
        await openMember(width === 1280 ? '1070' : '1071');
        await field('city').fill('Clonakilty');
        await saveButton().click();
        const saved = page.getByText(SAVED, { exact: true });
        await saved.waitFor();
        expect(await page.getByText(SAVED).count()).toBe(1);
        await expectBesideSave(saved);
        // The member's facts at the top of the panel say nothing of the save.
        expect(await page.locator('.member-details .counts').textContent()).not.toContain('Saved');
        // The form was drawn again from the service's answer; the focus is on what the save said.
        expect(await page.locator('#member-save-status:focus').count()).toBe(1);
        await expectNoAxeViolations(page);
        await windowShot(`staff-members-saved-beside-save-${width}x${height}`);

        // Typing again replaces "Saved." by what is not saved yet.
        await field('city').fill('Bantry');
        await page.getByText('1 field changed.', { exact: true }).waitFor();
        expect(await page.getByText(SAVED).count()).toBe(0);
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    });
  }
});
