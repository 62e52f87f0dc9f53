import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { RESULTS_DIR } from './harness';
import { expectNoAxeViolations } from './axe';

/**
 * The low-reach bounds (docs/patron-flow.md): in low reach every control's top edge lies at or
 * below this fraction of the window's height; on the two screens with keys of their own (the
 * email keyboard, the PIN pad), which alone are taller than half the screen, a quarter.
 */
export const LOW_REACH_BOUND = 0.5;
export const LOW_REACH_BOUND_WITH_KEYS = 0.25;
/** The screens with keys, by the start of the name a check gives them (`email-entry-audio`). */
const SCREENS_WITH_KEYS = ['email-entry', 'pin-entry'];
const hasKeys = (screen: string): boolean =>
  SCREENS_WITH_KEYS.some((name) => screen.startsWith(name));

/** A control of the page whose top edge lies above `bound` of the window's height. */
export interface HighControl {
  control: string;
  top: number;
}

/**
 * The list of a patron's loans, whose Renew buttons stand in a list that fills its column: like
 * the keyboard screens' keys, they are held to the quarter bound (docs/patron-flow.md).
 */
const LOANS = '.session-loans';

/**
 * Every visible control (button, field, link) whose top is above `bound` times the height; demo
 * mode's strip, an evaluator's aid above the screen and no part of a library's, aside. `within`:
 * only those inside it; `outside`: only those not inside it.
 */
export async function controlsAbove(
  page: Page,
  bound: number,
  where: { within?: string; outside?: string } = {},
): Promise<HighControl[]> {
  // Page-side code as a string: the tests are type-checked without the DOM library.
  return page.evaluate(`(() => {
    const limit = window.innerHeight * ${bound};
    const within = ${JSON.stringify(where.within ?? null)};
    const outside = ${JSON.stringify(where.outside ?? null)};
    const controls = document.querySelectorAll('button, input, a[href], [role="button"]');
    return [...controls]
      .filter((control) => control.checkVisibility() && control.getBoundingClientRect().height > 0)
      .filter((control) => !control.closest('.demo-strip'))
      .filter((control) => !within || control.closest(within))
      .filter((control) => !outside || !control.closest(outside))
      .map((control) => ({
        control: (control.getAttribute('aria-label') || control.id || control.textContent || '').trim(),
        top: Math.round(control.getBoundingClientRect().top),
      }))
      .filter((control) => control.top < limit);
  })()`);
}

/**
 * Text or controls that do not fit across: an element whose content is wider than its box (a
 * long word run out of its button) or anything past the window's right edge. (A screen taller
 * than the window scrolls, as WCAG 1.4.10 allows in one direction.)
 */
export async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const found = [];
    const name = (element) =>
      element.tagName.toLowerCase() + (element.className ? '.' + String(element.className).split(' ')[0] : '') +
      ' "' + (element.textContent || '').trim().slice(0, 40) + '"';
    for (const element of document.querySelectorAll('.app *, .overlay *')) {
      if (!element.checkVisibility() || element.closest('.demo-strip')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.overflowX === 'visible' && element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0)
        found.push('wider than its box: ' + name(element));
      if (box.right > window.innerWidth + 1) found.push('past the right edge: ' + name(element));
    }
    return found;
  })()`);
}

/** Each patron screen that must show whole in large text and scrolls instead (its title). */
export async function scrollingScreens(page: Page): Promise<string[]> {
  return page.evaluate(`(() =>
    [...document.querySelectorAll('.screen')]
      .filter((screen) => screen.scrollHeight > screen.clientHeight + 1)
      .map((screen) => (screen.querySelector('h1')?.textContent || '').trim()))()`);
}

/** The access bar's buttons, word for word, in each language (i18n/access.json, en.json). */
export const BAR = {
  en: {
    label: 'Access',
    highContrast: 'High contrast',
    largeText: 'Larger text',
    lowReach: 'Lower controls',
    audio: 'Audio',
    slower: 'Slower',
    faster: 'Faster',
    language: 'Español',
    hint: 'For audio, plug in headphones or press the . key on the number pad or F1 on a keyboard.',
  },
  es: {
    label: 'Accesibilidad',
    highContrast: 'Alto contraste',
    largeText: 'Texto más grande',
    lowReach: 'Controles más abajo',
    audio: 'Audio',
    slower: 'Más despacio',
    faster: 'Más rápido',
    language: 'English',
    hint: 'Para audio, conecte unos auriculares o pulse la tecla . del teclado numérico o F1 en un teclado.',
  },
} as const;
export type BarLanguage = keyof typeof BAR;
export type Mode = 'standard' | 'highContrast' | 'largeText' | 'lowReach';
export type BarButton = Exclude<keyof (typeof BAR)['en'], 'label' | 'language' | 'hint'>;

/** The access bar (its group) in the given language. */
export const accessBar = (page: Page, language: BarLanguage) =>
  page.getByRole('group', { name: BAR[language].label, exact: true });

export const barButton = (page: Page, language: BarLanguage, mode: BarButton) =>
  accessBar(page, language).getByRole('button', { name: BAR[language][mode], exact: true });

/** Presses a mode's button as a patron would, and waits for it to say it is on (or off). */
export async function pressMode(
  page: Page,
  language: BarLanguage,
  mode: Exclude<Mode, 'standard'>,
  on: boolean,
): Promise<void> {
  await barButton(page, language, mode).click();
  await expect
    .poll(() => barButton(page, language, mode).getAttribute('aria-pressed'))
    .toBe(String(on));
}

/**
 * One screen in one mode: the page's attributes say the mode, a picture of the window, no axe
 * violation; in large text nothing too wide and the screen whole; in low reach no control above
 * the bound.
 */
export async function checkMode(
  page: Page,
  screen: string,
  language: BarLanguage,
  mode: Mode | 'large-low',
): Promise<void> {
  const large = mode === 'largeText' || mode === 'large-low';
  const low = mode === 'lowReach' || mode === 'large-low';
  const root = page.locator('html');
  expect(await root.getAttribute('lang')).toBe(language);
  expect(await root.getAttribute('data-text')).toBe(large ? 'large' : 'standard');
  expect(await root.getAttribute('data-reach')).toBe(low ? 'low' : 'standard');
  // The window as the patron sees it: a whole-screen picture would change the window's height,
  // and with it the size of the type (it follows the screen's shorter side).
  await page.screenshot({ path: path.join(RESULTS_DIR, `mode-${screen}-${mode}-${language}.png`) });
  await expectNoAxeViolations(page);
  if (large)
    expect(
      [...(await overflowing(page)), ...(await scrollingScreens(page))],
      `${screen}, ${language}`,
    ).toEqual([]);
  const bound = hasKeys(screen) ? LOW_REACH_BOUND_WITH_KEYS : LOW_REACH_BOUND;
  const above = await controlsAbove(page, bound, { outside: LOANS });
  if (low) {
    expect(above, `${screen}, ${language}`).toEqual([]);
    expect(
      await controlsAbove(page, LOW_REACH_BOUND_WITH_KEYS, { within: LOANS }),
      `${screen}, ${language}: the loans' Renew`,
    ).toEqual([]);
  }
  // Without low reach the top strip's controls are above the bound: the check can fail.
  else if (screen !== 'thanks') expect(above.length, `${screen}, ${language}`).toBeGreaterThan(0);
}

/**
 * Each mode on and off again through the bar: large text and low reach in English; then in
 * Spanish the standard look, high contrast, large text and low reach; back to English.
 */
export async function everyMode(page: Page, screen: string): Promise<void> {
  for (const language of ['en', 'es'] as const) {
    if (language === 'es') {
      await page.getByRole('button', { name: 'Español', exact: true }).click();
      await accessBar(page, 'es').waitFor();
      await checkMode(page, screen, 'es', 'standard');
      await pressMode(page, 'es', 'highContrast', true);
      await checkMode(page, screen, 'es', 'highContrast');
      await pressMode(page, 'es', 'highContrast', false);
    }
    for (const mode of ['largeText', 'lowReach'] as const) {
      await pressMode(page, language, mode, true);
      await checkMode(page, screen, language, mode);
      await pressMode(page, language, mode, false);
    }
  }
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await accessBar(page, 'en').waitFor();
}
