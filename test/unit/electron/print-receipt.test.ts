/**
 * The Electron host's silent receipt print (src-main/electron/print-receipt.ts) on the fake
 * `webContents` of test/support/fake-electron.ts: what it asks Electron for, and that the patron
 * is never kept on the printing screen by a print that fails or a window that is gone (the print
 * rejects; the session driver ends the receipt step all the same).
 */
import type { WebContents } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReceiptPrinting } from '../../../src-main/core/kiosk-core';
import { silentReceiptPrinting } from '../../../src-main/electron/print-receipt';
import type { Receipt } from '../../../src-common/ipc/patron';
import { FakeElectron, FakeWebContents } from '../../support/fake-electron';
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

beforeEach(() => {
  vi.useFakeTimers();
  logs = captureLogs('warn');
  const electron = new FakeElectron({ paths: {} });
  electron.ready();
  contents = new FakeWebContents(electron, electron.defaultSession, 'window1');
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

  it('prints silently to the printer named in settings', async () => {
    expect(await printAndWait(printer('Receipt-80mm'))).toBe('resolved');
    expect(contents.printed).toEqual([
      { silent: true, printBackground: false, deviceName: 'Receipt-80mm' },
    ]);
  });

  it("prints silently to the system's default printer when settings name none", async () => {
    expect(await printAndWait(printer())).toBe('resolved');
    expect(contents.printed).toEqual([{ silent: true, printBackground: false }]);
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
