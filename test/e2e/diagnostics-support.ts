import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import type { KioskUnderTest } from './harness';

const VIEWPORT = { width: 1280, height: 800 };

/**
 * A screenshot of the whole staff screen: the screen scrolls inside its own box, so the window is
 * made as tall as its content for the picture, then put back.
 */
export async function screenshotWhole(kiosk: KioskUnderTest, name: string): Promise<string> {
  const height = await kiosk.page
    .locator('.screen')
    .evaluate((screen) => screen.scrollHeight + screen.getBoundingClientRect().top);
  await kiosk.page.setViewportSize({ width: VIEWPORT.width, height: Math.ceil(height) });
  try {
    return await kiosk.screenshot(name);
  } finally {
    await kiosk.page.setViewportSize(VIEWPORT);
  }
}

/** Nothing that looks like a token or an upload signature in the page, the state or a picture. */
export async function expectNoSecrets(kiosk: KioskUnderTest, screenshot: string): Promise<void> {
  const image = await readFile(screenshot);
  for (const text of [
    JSON.stringify(kiosk.kiosk.core.state()),
    await kiosk.page.content(),
    image.toString('latin1'),
  ]) {
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
    expect(text).not.toMatch(/access_token|refresh_token|[?&]sig=/);
  }
}
