/**
 * The Electron host's silent receipt print (src-main/electron/print-receipt.ts) on the fake
 * `webContents` of test/support/fake-electron.ts, which sends a job as Electron 45 does
 * (test/support/fake-printing.ts): what it asks Electron for, the paper the job reaches the
 * printer on, and that the patron is never kept on the printing screen by a print that fails or a
 * window that is gone (the print rejects; the session driver ends the receipt step all the same).
 */
import type { WebContents } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReceiptPrinting } from '../../../src-main/core/kiosk-core';
import { silentReceiptPrinting } from '../../../src-main/electron/print-receipt';
import type { Receipt } from '../../../src-common/ipc/patron';
import { FakeElectron, FakeWebContents } from '../../support/fake-electron';
import { A4 } from '../../support/fake-printing';
import type { FakePrinter } from '../../support/fake-printing';
import { captureLogs } from '../../support/log-capture';

const RECEIPT: Receipt = {
  kind: 'check-out',
  branchName: 'Central',
  at: '2026-01-10T10:00:00.000Z',
  firstName: 'Ada',
  lines: [],
};

let contents: FakeWebContents;
let logs: ReturnType<typeof captureLogs>;

const RECEIPT_PAPER = { width: 80_000, height: 297_000 };
const STATION: FakePrinter[] = [
  { name: 'Office', defaultPaper: A4 },
  { name: 'Receipt-80mm', isDefault: true, defaultPaper: RECEIPT_PAPER },
  { name: 'Receipt-58mm', defaultPaper: { width: 58_000, height: 210_000 } },
];

function station(printers: FakePrinter[] = STATION): void {
  const electron = new FakeElectron({ paths: {}, printers });
  electron.ready();
  contents = new FakeWebContents(electron, electron.defaultSession, 'window1');
}

beforeEach(() => {
  vi.useFakeTimers();
  logs = captureLogs('warn');
  station();
});

afterEach(() => {
  vi.useRealTimers();
  logs.restore();
});

function printer(deviceName?: string): Extract<ReceiptPrinting, { printBy: 'host' }> {
  const printing = silentReceiptPrinting(contents as unknown as WebContents, deviceName);
  if (printing.printBy !== 'host') throw new Error('expected the host to print');
  return printing;
}

/**
 * Starts a print, runs `meanwhile`, lets the renderer's drawing delay pass, and says whether the
 * print has settled and how.
 */
async function printAndWait(
  printing: Extract<ReceiptPrinting, { printBy: 'host' }>,
  meanwhile: () => void = () => undefined,
) {
  let outcome: 'pending' | 'resolved' | 'rejected' = 'pending';
  printing.print(RECEIPT).then(
    () => (outcome = 'resolved'),
    () => (outcome = 'rejected'),
  );
  meanwhile();
  await vi.advanceTimersByTimeAsync(1_000);
  return outcome;
}

describe('silent receipt printing (Electron)', () => {
  it('is done by the host, not by the renderer', () => {
    expect(printer().printBy).toBe('host');
  });

  it("prints silently to the printer named in settings, on that printer's own paper", async () => {
    expect(await printAndWait(printer('Receipt-58mm'))).toBe('resolved');
    expect(contents.printed).toEqual([
      {
        silent: true,
        printBackground: false,
        usePrinterDefaultPageSize: true,
        deviceName: 'Receipt-58mm',
      },
    ]);
    expect(contents.jobs).toEqual([
      { printer: 'Receipt-58mm', media: { width: 58_000, height: 210_000 }, silent: true },
    ]);
  });

  it("prints silently to the system's default printer when settings name none", async () => {
    expect(await printAndWait(printer())).toBe('resolved');
    expect(contents.printed).toEqual([
      { silent: true, printBackground: false, usePrinterDefaultPageSize: true },
    ]);
    expect(contents.jobs.map((job) => job.printer)).toEqual(['Receipt-80mm']);
  });

  // Without a page size Electron sends A4 whatever the stylesheet's @page says (electron#46937,
  // electron#49374): a thermal printer got an A4 job. On the code before, this job was A4.
  it("sends the receipt on the receipt printer's own 80 mm paper, not Electron's A4", async () => {
    expect(await printAndWait(printer('Receipt-80mm'))).toBe('resolved');
    expect(contents.jobs).toHaveLength(1);
    expect(contents.jobs[0]?.media).toEqual(RECEIPT_PAPER);
    expect(contents.jobs[0]?.media).not.toEqual(A4);
  });

  it('falls back to A4 only where the printer reports no paper of its own, as Electron does', async () => {
    station([{ name: 'Generic', isDefault: true }]);
    expect(await printAndWait(printer())).toBe('resolved');
    expect(contents.jobs[0]?.media).toEqual(A4);
  });

  it('rejects, with the reason logged, when the named printer does not exist', async () => {
    expect(await printAndWait(printer('Unplugged-printer'))).toBe('rejected');
    expect(contents.jobs).toEqual([]);
    expect(logs.records).toEqual([
      expect.objectContaining({
        message: 'receipt not printed',
        data: { failureReason: 'Invalid deviceName provided' },
      }),
    ]);
  });

  it('waits for the receipt screen to be drawn before printing', async () => {
    void printer().print(RECEIPT);
    await vi.advanceTimersByTimeAsync(100);
    expect(contents.printed).toEqual([]);
    await vi.advanceTimersByTimeAsync(900);
    expect(contents.printed).toHaveLength(1);
  });

  // The session driver ends the receipt step on either outcome; a rejection counts it failed.
  it('rejects when the print fails, logging the reason', async () => {
    contents.printOutcome = { success: false, failureReason: 'Invalid deviceName provided' };
    expect(await printAndWait(printer('Gone-printer'))).toBe('rejected');
    expect(logs.records).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: 'receipt not printed',
        data: { failureReason: 'Invalid deviceName provided' },
      }),
    ]);
  });

  it('rejects without printing when the window is gone before the print', async () => {
    const outcome = await printAndWait(printer('Receipt-80mm'), () => {
      contents.destroyed = true;
    });
    expect(outcome).toBe('rejected');
    expect(contents.printed).toEqual([]);
  });
});
