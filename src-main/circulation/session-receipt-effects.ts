import type { Logger } from '../../src-shared/log/logger';
import type { Receipt } from '../../src-common/ipc/patron';
import type { KioskMetrics } from '../metrics/kiosk-metrics';
import type { ReceiptMailer } from '../receipt-mail/mailer';
import type { SessionEffect, SessionInput } from './session-events';

/**
 * The receipt leaving the kiosk, on paper or by e-mail: a failure of either is logged and
 * counted, and still answers the machine, so the patron is never kept waiting for a printer or
 * a mail relay. Apart from the driver because this decides what a failed receipt means.
 */

export type ReceiptEffect = Extract<SessionEffect, { type: 'print-receipt' | 'email-receipt' }>;

export interface ReceiptOutlets {
  /** The host prints (Electron, silently); absent, the renderer prints and no effect runs here. */
  printReceipt?: (receipt: Receipt) => Promise<void>;
  /** The library's SMTP relay (`receipt.email`); absent, a send fails and the patron hears so. */
  emailReceipt?: ReceiptMailer['send'];
}

export function receiptEffects(
  outlets: ReceiptOutlets,
  parts: { log: Logger; metrics: KioskMetrics; dispatch: (input: SessionInput) => void },
) {
  const { log, metrics, dispatch } = parts;
  return function run(effect: ReceiptEffect): void {
    switch (effect.type) {
      case 'print-receipt': {
        const { printReceipt } = outlets;
        if (!printReceipt) return;
        const { generation, receipt } = effect;
        // A failed print still ends the receipt step; the patron is not kept waiting for paper.
        void printReceipt(receipt)
          .then(
            () => metrics.receipt('printed'),
            (error: unknown) => {
              metrics.receipt('failed');
              log.error('receipt printing failed', { error });
            },
          )
          .then(() => dispatch({ type: 'receipt-printed', generation }));
        return;
      }
      case 'email-receipt': {
        const { generation, to, subject, text } = effect;
        const send = outlets.emailReceipt;
        // A mailer that throws broke its contract: the receipt was not sent, and the patron hears so.
        void (send ? send({ to, subject, text }) : Promise.resolve({ ok: false as const }))
          .then(
            (result) => result.ok,
            (error: unknown) => {
              log.error('e-mailing a receipt threw', { error });
              return false;
            },
          )
          .then((sent) => {
            metrics.receipt(sent ? 'emailed' : 'email-failed');
            dispatch({ type: 'receipt-emailed', generation, sent });
          });
        return;
      }
      default:
        return effect satisfies never;
    }
  };
}
