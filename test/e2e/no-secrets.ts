import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import type { KioskUnderTest } from './harness';

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
