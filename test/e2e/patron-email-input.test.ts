import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PatronKiosk } from './patron-support';
import { expectNoAxeViolations } from './axe';
import { AMARA, startSignedInKiosk } from './patron-support';

const NOT_FOUND = {
  en: 'No account uses that email address. Check it, or scan your card.',
  es: 'Ninguna cuenta usa esa dirección de correo electrónico. Revísela o escanee su carné.',
};
const CARD_NOT_FOUND = {
  en: 'We could not find that library card. Please see staff.',
  es: 'No encontramos ese carné de la biblioteca. Diríjase al personal.',
};
const INVALID = {
  en: 'That does not look like an email address. Please check it.',
  es: 'Eso no parece un correo electrónico. Revíselo, por favor.',
};

/** CDP key fields for one character of an address (the wedge and the field read `key`/`text`). */
function keyOf(char: string): Record<string, string | number> {
  if (char === '\r') return { key: 'Enter', code: 'Enter', text: '\r', windowsVirtualKeyCode: 13 };
  if (/^[a-z]$/.test(char)) {
    const upper = char.toUpperCase();
    return {
      key: char,
      code: `Key${upper}`,
      text: char,
      windowsVirtualKeyCode: upper.charCodeAt(0),
    };
  }
  if (char === '.') return { key: '.', code: 'Period', text: '.', windowsVirtualKeyCode: 190 };
  if (char === '@') return { key: '@', code: 'Digit2', text: '@', windowsVirtualKeyCode: 50 };
  throw new Error(`no key for ${JSON.stringify(char)}`);
}

function keyEvents(session: CDPSession, text: string): Promise<unknown>[] {
  return [...text].flatMap((char) => [
    session.send('Input.dispatchKeyEvent', { type: 'keyDown', ...keyOf(char) }),
    session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...keyOf(char) }),
  ]);
}

/**
 * Physical keys at machine speed: every event sent over one DevTools session at once, so they
 * arrive back to back (faster than any typist; the keyboard-wedge detector holds them as a
 * possible scan). `tapAfter`: an on-screen key's centre, pressed as soon as the keys are in.
 */
async function typeFast(page: Page, text: string, tapAfter?: { x: number; y: number }) {
  const session = await page.context().newCDPSession(page);
  try {
    await Promise.all(keyEvents(session, text));
    // Within the detector's hold (50 ms, 150 ms in a fast burst): the keys are still held.
    if (tapAfter) {
      for (const type of ['mousePressed', 'mouseReleased'] as const) {
        await session.send('Input.dispatchMouseEvent', {
          type,
          ...tapAfter,
          button: 'left',
          clickCount: 1,
        });
      }
    }
  } finally {
    await session.detach();
  }
}

/** The alert's words, spaces as a reader hears them. */
async function alertText(page: Page): Promise<string> {
  const text = await page.getByRole('alert').textContent();
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

describe('the email screen takes on-screen and physical keys into one field, in order', () => {
  let kiosk: PatronKiosk;
  const field = () => kiosk.page.getByLabel('Your email address');
  const osk = (key: string) =>
    kiosk.page
      .getByRole('group', { name: 'On-screen keyboard' })
      .getByRole('button', { name: key, exact: true });

  beforeAll(async () => {
    kiosk = await startSignedInKiosk({ patron: { allowEmail: true } });
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  beforeEach(async () => {
    const { page } = kiosk;
    if (!(await page.getByRole('heading', { name: 'Find me by email' }).isVisible())) {
      await page.getByRole('button', { name: 'No card? Use my email address' }).click();
      await page.getByRole('heading', { name: 'Find me by email' }).waitFor();
    }
    await osk('Clear').click();
    expect(await field().inputValue()).toBe('');
  });

  it('keeps every character when taps and typing alternate, at a person’s speed and faster', async () => {
    const { page } = kiosk;
    await page.keyboard.type('elena', { delay: 120 });
    await osk('.').click();
    await typeFast(page, 'walsh');
    await osk('@').click();
    await page.keyboard.type('example', { delay: 120 });
    await osk('.org').click();
    await expect.poll(() => field().inputValue()).toBe('elena.walsh@example.org');
    await expect
      .poll(() => page.evaluate('document.activeElement && document.activeElement.id'))
      .toBe('email-input');
  });

  it('puts keys typed fast before an on-screen key tapped straight after them', async () => {
    const { page } = kiosk;
    const box = await osk('x').boundingBox();
    if (!box) throw new Error('no on-screen x key');
    await typeFast(page, 'abc', { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    await expect.poll(() => field().inputValue()).toBe('abcx');
  });

  it('types into the field when an on-screen key was reached with Tab and pressed with Enter', async () => {
    const { page } = kiosk;
    await osk('1').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('23', { delay: 120 });
    await osk('4').focus();
    await page.keyboard.press('Enter');
    await typeFast(page, 'abc');
    await expect.poll(() => field().inputValue()).toBe('1234abc');
  });

  it('finds the patron from an address typed at machine speed and ended with Enter', async () => {
    const { page } = kiosk;
    await typeFast(page, `${AMARA.email}\r`);
    await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).waitFor();
    expect(await page.locator('body').textContent()).not.toContain(CARD_NOT_FOUND.en);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  });
});

describe('an address no account uses', () => {
  let kiosk: PatronKiosk;

  beforeAll(async () => {
    kiosk = await startSignedInKiosk({ patron: { allowEmail: true } });
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  /**
   * Cancel and the keyboard's last key whole inside the 1280x800 window, with the error line
   * showing, and nothing of the screen below the fold.
   */
  async function expectCancelInView(cancel: string, lastKey: string): Promise<void> {
    const { page } = kiosk;
    for (const name of [cancel, lastKey]) {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox();
      expect(box).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(800);
      expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    }
    const screen = await page
      .locator('.screen')
      .evaluate((box) => ({ scroll: box.scrollHeight, client: box.clientHeight }));
    expect(screen.scroll).toBeLessThanOrEqual(screen.client);
  }

  it('stays on the email screen with the address kept and says so, in English', async () => {
    const { page } = kiosk;
    expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'No card? Use my email address' }).click();
    await page.getByLabel('Your email address').fill('nobody@example.org');
    await page.getByRole('button', { name: 'Find me' }).click();
    await expect.poll(() => alertText(page)).toBe(NOT_FOUND.en);
    await page.getByRole('heading', { name: 'Find me by email' }).waitFor();
    expect(await page.getByLabel('Your email address').inputValue()).toBe('nobody@example.org');
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).not.toContain(CARD_NOT_FOUND.en);
    expect(text).not.toContain('Welcome');
    await kiosk.screenshot('patron-email-not-found-en');
    await expectCancelInView('Cancel', 'Clear');
    await expectNoAxeViolations(page);
  });

  it('says it in Spanish, the address still there to correct', async () => {
    const { page } = kiosk;
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('heading', { name: 'Buscarme por correo electrónico' }).waitFor();
    const field = page.getByLabel('Su correo electrónico');
    expect(await field.inputValue()).toBe('nobody@example.org');
    await page.getByRole('button', { name: 'Buscarme', exact: true }).click();
    await expect.poll(() => alertText(page)).toBe(NOT_FOUND.es);
    expect(await field.inputValue()).toBe('nobody@example.org');
    expect(await page.locator('body').textContent()).not.toContain(CARD_NOT_FOUND.es);
    await kiosk.screenshot('patron-email-not-found-es');
    await expectCancelInView('Cancelar', 'Vaciar');
  });

  it('keeps Cancel in view under the not-an-address line too, in both languages', async () => {
    const { page } = kiosk;
    const field = page.getByLabel('Su correo electrónico');
    await field.fill('nobody');
    await page.getByRole('button', { name: 'Buscarme', exact: true }).click();
    await expect.poll(() => alertText(page)).toBe(INVALID.es);
    await expectCancelInView('Cancelar', 'Vaciar');
    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => alertText(page)).toBe(INVALID.en);
    await expectCancelInView('Cancel', 'Clear');
    await kiosk.screenshot('patron-email-invalid-cancel-in-view');
  });

  it('finds the patron once the address is corrected', async () => {
    const { page } = kiosk;
    await page.getByLabel('Your email address').fill(AMARA.email);
    await page.getByRole('button', { name: 'Find me' }).click();
    await page.getByRole('heading', { name: `Hello, ${AMARA.firstName}` }).waitFor();
    expect(await page.locator('body').textContent()).not.toContain(NOT_FOUND.en);
  });
});
