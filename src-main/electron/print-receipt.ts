import type { WebContents } from 'electron';
import type { ReceiptPrinting } from '../core/kiosk-core';
import { createLogger } from '../../src-shared/log/logger';

const log = createLogger('electron:print');

// The core sends the receipt screen and asks for the print in the same turn; the renderer needs
// a moment to draw it before the page is printed.
const RENDER_DELAY_MS = 300;

/** Prints the kiosk page (its 80 mm print stylesheet shows only the receipt) without a dialog. */
export function silentReceiptPrinting(contents: WebContents, printer?: string): ReceiptPrinting {
  return {
    printBy: 'host',
    print: () =>
      new Promise<void>((resolve) => {
        setTimeout(() => {
          if (contents.isDestroyed()) return resolve();
          contents.print(
            { silent: true, printBackground: false, ...(printer ? { deviceName: printer } : {}) },
            (success, failureReason) => {
              if (!success) log.warn('receipt not printed', { failureReason });
              resolve();
            },
          );
        }, RENDER_DELAY_MS);
      }),
  };
}
