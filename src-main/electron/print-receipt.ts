import type { WebContents } from 'electron';
import type { ReceiptPrinting } from '../core/kiosk-core';
import { createLogger } from '../../src-shared/log/logger';

const log = createLogger('electron:print');

// The core sends the receipt screen and asks for the print in the same turn; the renderer needs
// a moment to draw it before the page is printed.
const RENDER_DELAY_MS = 300;

/**
 * Prints the kiosk page (its 80 mm print stylesheet shows only the receipt) without a dialog, on
 * the receipt printer's own paper: without a page size Electron sends every job on A4 (its
 * electron_api_web_contents.cc, since electron#46937), whatever the stylesheet's `@page` says,
 * and a thermal printer then shrinks the slip or feeds an A4 length (electron#49374);
 * `usePrinterDefaultPageSize` takes the printer's default paper instead (electron#49523, in 45).
 * Rejects when nothing was printed (a failed print, a window gone): the session counts the
 * receipt failed (docs/operations.md) and ends the receipt step all the same.
 */
export function silentReceiptPrinting(contents: WebContents, printer?: string): ReceiptPrinting {
  return {
    printBy: 'host',
    print: () =>
      new Promise<void>((resolve, reject) => {
        setTimeout(() => {
          if (contents.isDestroyed()) return reject(new Error('window gone'));
          contents.print(
            {
              silent: true,
              printBackground: false,
              usePrinterDefaultPageSize: true,
              ...(printer ? { deviceName: printer } : {}),
            },
            (success, failureReason) => {
              if (success) return resolve();
              log.warn('receipt not printed', { failureReason });
              reject(new Error('receipt not printed'));
            },
          );
        }, RENDER_DELAY_MS);
      }),
  };
}
