import type { Locator, Page } from 'playwright-core';
import { IPC_PATH } from '../../src-main/web-host/ipc-socket';

/** One control a patron can press or type in, as laid out on the screen. */
export interface ControlSize {
  screen: string;
  control: string;
  width: number;
  height: number;
  /** A main action (`button.big`), which the styles make larger still. */
  big: boolean;
}

/**
 * Every visible button, text field and link of the page, with its size, measured in the page in
 * one call (asking for each control's box and attributes in turn made five DevTools round trips a
 * control). Visible as Playwright's `:visible` has it: a box with area, not hidden by CSS.
 */
export async function controlSizes(page: Page, screen: string): Promise<ControlSize[]> {
  // Page-side code as a string: the tests are type-checked without the DOM library.
  const measured: Omit<ControlSize, 'screen'>[] = await page.evaluate(`(() =>
    [...document.querySelectorAll('button, input, a[href], [role="button"]')]
      .map((control) => ({ control, box: control.getBoundingClientRect() }))
      .filter(({ control, box }) =>
        box.width > 0 && box.height > 0 && control.checkVisibility({ visibilityProperty: true }))
      .map(({ control, box }) => ({
        control:
          control.getAttribute('aria-label') ?? control.getAttribute('id') ??
          (control.textContent ?? '').trim(),
        width: Math.round(box.width),
        height: Math.round(box.height),
        big: control.classList.contains('big'),
      })))()`);
  return measured.map((size) => ({ screen, ...size }));
}

/** The focused element: its name, whether it shows as :focus-visible, and its outline. */
export async function focusedControl(page: Page): Promise<{
  name: string;
  focusVisible: boolean;
  outlineStyle: string;
  outlineWidth: string;
}> {
  // Page-side code as a string: the tests are type-checked without the DOM library.
  return page.evaluate(`(() => {
    const element = document.activeElement;
    if (!element || element === document.body) {
      return { name: '', focusVisible: false, outlineStyle: 'none', outlineWidth: '0px' };
    }
    const style = getComputedStyle(element);
    return {
      name: (element.getAttribute('aria-label') || element.textContent || '').trim(),
      focusVisible: element.matches(':focus-visible'),
      outlineStyle: style.outlineStyle,
      outlineWidth: style.outlineWidth,
    };
  })()`);
}

/**
 * Holds the renderer's "the receipt is printed" report (web host: sent when the browser's print
 * call returns) on its way to the core, so the printing screen stays up until `release()`.
 * Register before the page opens its IPC socket (startKioskUnderTest's `preparePage`).
 */
export interface ReceiptPrintedHold {
  install(page: Page): Promise<void>;
  /** Whether a report is being held. */
  holding(): boolean;
  release(): void;
}

export function holdReceiptPrinted(): ReceiptPrintedHold {
  const held: (() => void)[] = [];
  let released = false;
  return {
    async install(page) {
      await page.routeWebSocket(
        (url) => url.pathname === IPC_PATH,
        (socket) => {
          const server = socket.connectToServer();
          socket.onMessage((message) => {
            const forward = (): void => server.send(message);
            if (!released && typeof message === 'string' && isReceiptPrinted(message)) {
              held.push(forward);
            } else {
              forward();
            }
          });
        },
      );
    },
    holding: () => held.length > 0,
    release() {
      released = true;
      for (const forward of held.splice(0)) forward();
    },
  };
}

function isReceiptPrinted(message: string): boolean {
  const parsed: unknown = JSON.parse(message);
  return (
    typeof parsed === 'object' &&
    parsed !== null &&
    'channel' in parsed &&
    parsed.channel === 'patron.receiptPrinted'
  );
}

/** Where a message sits against the control whose action it reports, in CSS pixels. */
export interface Placement {
  /** The message lies wholly inside the window: seen without scrolling. */
  inView: boolean;
  /** The shortest distance between the message's box and the control's (0: they touch). */
  gap: number;
}

/** Whether `message` can be seen without scrolling, and how far it is from `control`. */
export async function placementBeside(
  page: Page,
  message: Locator,
  control: Locator,
): Promise<Placement> {
  const [box, near] = await Promise.all([message.boundingBox(), control.boundingBox()]);
  const window = page.viewportSize();
  if (!box || !near || !window) return { inView: false, gap: Number.POSITIVE_INFINITY };
  const apart = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, b0 - a1, a0 - b1);
  return {
    inView:
      box.x >= 0 &&
      box.y >= 0 &&
      box.x + box.width <= window.width &&
      box.y + box.height <= window.height,
    gap: Math.round(
      Math.hypot(
        apart(box.x, box.x + box.width, near.x, near.x + near.width),
        apart(box.y, box.y + box.height, near.y, near.y + near.height),
      ),
    ),
  };
}
