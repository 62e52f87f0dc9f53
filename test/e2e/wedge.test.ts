import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_STAFF_PIN } from '../../src-main/staff-pin/demo-pin';
import type { ScanEvent } from '../../src-common/ipc/scan-event';
import { launchChromium, startKioskUnderTest, typeAsScanner } from './harness';
import type { KioskUnderTest } from './harness';

const SLOW = { delay: 120 };
const settle = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('keyboard-wedge scans in Chromium through the web host', () => {
  let kiosk: KioskUnderTest;
  const scans: ScanEvent[] = [];

  beforeAll(async () => {
    // The default timing (30 ms average, 50 ms hold): scans are typed by typeAsScanner, whose
    // keys arrive as close together as a scanner's even on a loaded machine. Slow typing is
    // Playwright's keyboard.type at 120 ms a key, a person's pace.
    kiosk = await startKioskUnderTest({ blobStore: false });
    kiosk.kiosk.scanner.onScan((scan) => scans.push(scan));
    await kiosk.page.getByRole('heading', { name: 'Out of service' }).waitFor();
  });

  afterAll(async () => {
    await kiosk?.stop();
  });

  it('delivers fast typing ending in Enter to the core as a wedge scan', async () => {
    await typeAsScanner(kiosk.page, '31234000012342');
    await vi.waitFor(() =>
      expect(scans).toContainEqual(
        expect.objectContaining({ code: '31234000012342', source: 'wedge' }),
      ),
    );
  });

  it('does not take slow typing for a scan', async () => {
    await kiosk.page.keyboard.type('31234000056781', SLOW);
    await kiosk.page.keyboard.press('Enter');
    await settle(500);
    expect(scans.map((scan) => scan.code)).not.toContain('31234000056781');
  });

  it('keeps a scan out of a focused staff text field and does not submit its form', async () => {
    await kiosk.page.keyboard.press('Control+Alt+KeyS');
    const pin = kiosk.page.getByLabel('Staff PIN');
    await pin.waitFor();
    await expect
      .poll(() => kiosk.page.evaluate('document.activeElement?.id'))
      .toBe('staff-pin-input');

    await typeAsScanner(kiosk.page, '21234000567891');
    await vi.waitFor(() =>
      expect(scans).toContainEqual(
        expect.objectContaining({ code: '21234000567891', source: 'wedge' }),
      ),
    );
    expect(await pin.inputValue()).toBe('');
    expect(kiosk.kiosk.core.state().screen).toMatchObject({ name: 'staff-pin', rejected: false });
  });

  it('lets a person type into the same field and submit it with Enter', async () => {
    const pin = kiosk.page.getByLabel('Staff PIN');
    await kiosk.page.keyboard.type(DEMO_STAFF_PIN, SLOW);
    await expect.poll(() => pin.inputValue()).toBe(DEMO_STAFF_PIN);
    await kiosk.page.keyboard.press('Enter');
    await kiosk.page.getByRole('heading', { name: 'Staff mode' }).waitFor();
    expect(kiosk.kiosk.core.state().screen.name).toBe('staff');
  });
});

/** The detector bundled on its own, for a bare page: window.wedge.attach(...). */
async function bundleWedge(): Promise<string> {
  const result = await build({
    entryPoints: ['src-renderer/lib/wedge/index.ts'],
    bundle: true,
    format: 'iife',
    globalName: 'wedge',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

const PAGE = `<!doctype html><html><body>
<form id="form"><input id="name" autocomplete="off"><input id="email" type="email"><button>Go</button></form>
<script>
  window.scans = []; window.submitted = []; window.pageKeys = [];
  document.getElementById('form').addEventListener('submit', (e) => {
    e.preventDefault(); window.submitted.push(document.getElementById('name').value);
  });
  document.addEventListener('keydown', (e) => window.pageKeys.push(e.key));
</script></body></html>`;

describe('wedge attach() in Chromium on a bare page', () => {
  let browser: Browser;
  let page: Page;
  let script: string;

  beforeAll(async () => {
    [browser, script] = await Promise.all([launchChromium(), bundleWedge()]);
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function fresh(): Promise<void> {
    await page.setContent(PAGE);
    await page.addScriptTag({ content: script });
    // Page-side code as a string: this file is type-checked without the DOM library.
    await page.evaluate(
      'window.wedge.attach(window, { onScan: (code) => window.scans.push(code) })',
    );
    await page.focus('#name');
  }

  const value = (selector: string): Promise<string> => page.inputValue(selector);
  const read = (name: 'scans' | 'submitted' | 'pageKeys'): Promise<string[]> =>
    page.evaluate(`window.${name}`);

  it('gives typed characters back in order, edits included', async () => {
    await fresh();
    await page.keyboard.type('Ada', SLOW);
    await page.keyboard.press('Backspace');
    await page.keyboard.type('x', SLOW);
    await expect.poll(() => value('#name')).toBe('Adx');
  });

  it('lets Enter submit a form only after the typed text is in the field', async () => {
    await fresh();
    await page.keyboard.type('Grace', { delay: 60 });
    await page.keyboard.press('Enter');
    await expect.poll(() => read('submitted')).toEqual(['Grace']);
  });

  it('replays typed keys to the page keydown listeners but hides a scan from them', async () => {
    await fresh();
    await page.keyboard.type('ab', SLOW);
    await expect.poll(() => value('#name')).toBe('ab');
    await typeAsScanner(page, '31234000012342');
    await expect.poll(() => read('scans')).toEqual(['31234000012342']);
    expect(await read('pageKeys')).toEqual(['a', 'b']);
    expect(await value('#name')).toBe('ab');
    expect(await read('submitted')).toEqual([]);
  });

  it('types into an email field, which has no selection API', async () => {
    await fresh();
    await page.focus('#email');
    await page.keyboard.type('a@b.c', SLOW);
    await expect.poll(() => value('#email')).toBe('a@b.c');
  });
});
