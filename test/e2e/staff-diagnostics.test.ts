import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberBarcode } from '../../src-reference-service/barcode';
import type { KioskUnderTest } from './harness';
import { startKioskAgainstDialect } from './dialect-kiosk';
import type { DialectKiosk } from './dialect-kiosk';
import { expectNoSecrets } from './no-secrets';
import { expectNoAxeViolations } from './axe';
import { openStaffModeSignedIn } from './patron-support';

const PIN = '246813';
// The camel dialect keeps a member type's loan period in `loanPeriod: { duration, unit }`, which
// no alias of the kiosk reads: the probe reports it not found and suggests the field.
const CONCEPT = 'memberType.loanPeriodDays';
const FIELD = 'loanPeriod.duration';

const conceptRow = (page: Page, concept: string) =>
  page.getByTestId('probe-concepts').locator(`tr[data-concept="${concept}"]`);

async function settingsFile(kiosk: KioskUnderTest): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(kiosk.dataDir, 'settings.json'), 'utf8')) as Record<
    string,
    unknown
  >;
}

describe('service diagnostics against a service in the camel dialect', () => {
  let running: DialectKiosk;
  let kiosk: KioskUnderTest;

  beforeAll(async () => {
    running = await startKioskAgainstDialect('camel', { pin: PIN });
    kiosk = running.kiosk;
    await openStaffModeSignedIn(kiosk, PIN);
    await kiosk.page.getByRole('button', { name: 'Diagnostics', exact: true }).click();
  });

  afterAll(async () => {
    await running?.stop();
  });

  it('reports every operation and the concept no alias found, with a suggestion', async () => {
    const { page } = kiosk;
    await page.getByLabel('Member barcode or email to look up (optional)').fill(memberBarcode(5));
    await page.getByRole('button', { name: 'Run the probe' }).click();
    await page
      .getByText(
        "Probe done: the service answered 6 of 6 questions. The kiosk needs something the service's answers did not give:",
        { exact: true },
      )
      .waitFor();
    // What is lost, in staff's words, before any concept name.
    expect(await page.getByTestId('probe-losses').locator('li').allInnerTexts()).toEqual([
      "loans made offline get the default loan period, not the member type's",
    ]);
    await expect
      .poll(() => page.getByTestId('probe-operations').locator('tbody tr').allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Who is signed in\s+getUserInfo\s+✓ Answered/),
        expect.stringMatching(/^The member list\s+listMembers\s+✓ Answered/),
        expect.stringMatching(/^The first listed member's details\s+getMember\s+✓ Answered/),
        expect.stringMatching(/^The branch list\s+listBranches\s+✓ Answered/),
        expect.stringMatching(/^The member types\s+listMemberTypes\s+✓ Answered/),
        expect.stringMatching(/^A member by card number\s+memberByBarcode\s+✓ Answered/),
      ]);
    await page.getByText('Details: each concept and the field it was read from').click();
    expect(await conceptRow(page, CONCEPT).innerText()).toMatch(
      /not found: loans made offline get the default loan period/,
    );
    expect(await conceptRow(page, 'member.givenName').innerText()).toContain('personal.firstName');
    await page.getByRole('button', { name: `Use ${FIELD} for ${CONCEPT}` }).waitFor();
    await expectNoAxeViolations(page);
    await expectNoSecrets(kiosk, await kiosk.screenshot('staff-diagnostics-probe'));
  });

  it('lists only the concepts not found at a touch', async () => {
    const { page } = kiosk;
    const toggle = page.getByRole('button', { name: /^Only what the kiosk misses \(1\)/ });
    await toggle.click();
    const rows = page.getByTestId('probe-concepts').locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    for (const text of await rows.allInnerTexts()) expect(text).toMatch(/not found/);
    await toggle.click();
    await expect.poll(() => conceptRow(page, 'member.givenName').count()).toBe(1);
  });

  it('marks a mapping of no concept beside its field and tests nothing', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Add a mapping' }).click();
    const concept = page.getByLabel('Concept', { exact: true }).last();
    await concept.fill('member.shoeSize');
    await page.getByLabel("Field in the service's answer").last().fill('shoe');
    await page.getByRole('button', { name: 'Test this field map' }).click();
    await page.getByText('Not a concept the kiosk reads.').waitFor();
    const described = await concept.getAttribute('aria-describedby');
    expect(await page.locator(`#${described}`).innerText()).toBe('Not a concept the kiosk reads.');
    expect(await concept.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Remove the mapping of member.shoeSize' }).click();
    await expect.poll(() => page.getByLabel('Concept', { exact: true }).count()).toBe(0);
  });

  it('shows the suggestion found once it is applied and tested, without saving it', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: `Use ${FIELD} for ${CONCEPT}` }).click();
    expect(await page.getByLabel('Concept', { exact: true }).first().inputValue()).toBe(CONCEPT);
    expect(await page.getByLabel("Field in the service's answer").first().inputValue()).toBe(FIELD);
    await page.getByRole('button', { name: 'Test this field map' }).click();
    await page.getByText('Read with the field map below, which is not saved yet.').waitFor();
    await expect.poll(() => conceptRow(page, CONCEPT).innerText()).toContain(FIELD);
    expect(await conceptRow(page, CONCEPT).innerText()).not.toMatch(/not found/);
    expect(await settingsFile(kiosk)).not.toHaveProperty('service.fieldMap');
    await expectNoSecrets(kiosk, await kiosk.screenshot('staff-diagnostics-tested'));
  });

  it('saves the field map into the settings file, to take effect at the next start', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Save field map' }).click();
    const saved = path.join(kiosk.dataDir, 'settings.json');
    await page.getByText(`Saved to ${saved}.`).waitFor();
    expect(await page.getByText(/takes effect when the kiosk restarts/).count()).toBe(2);
    expect(await settingsFile(kiosk)).toMatchObject({
      service: { baseUrl: running.service.baseUrl, fieldMap: { [CONCEPT]: FIELD } },
    });
    await expectNoAxeViolations(page);
    await expectNoSecrets(kiosk, await kiosk.screenshot('staff-diagnostics-saved'));
  });

  it('reads with the saved field map once the kiosk has restarted', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Restart the kiosk now' }).click();
    // The restart ends staff mode: staff open it again; the tokens were kept in the vault.
    await page
      .getByRole('heading', { name: 'Out of service' })
      .or(page.getByRole('heading', { name: 'Welcome' }))
      .waitFor();
    await page.keyboard.press('Control+Alt+KeyS');
    await page.getByLabel('Staff PIN').fill(PIN);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Staff mode' }).waitFor();
    await page.getByRole('button', { name: 'Diagnostics', exact: true }).click();
    await page.getByText('Mapped concepts the kiosk runs with: 1.').waitFor();
    await page.getByRole('button', { name: 'Run the probe' }).click();
    await page.getByText('Read with the field map the kiosk runs with.').waitFor();
    await page.getByText('Details: each concept and the field it was read from').click();
    await expect.poll(() => conceptRow(page, CONCEPT).innerText()).toContain(FIELD);
    expect(await page.getByRole('button', { name: `Use ${FIELD} for ${CONCEPT}` }).count()).toBe(0);
  });
});
