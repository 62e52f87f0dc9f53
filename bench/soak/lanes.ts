import type { Page } from 'playwright-core';
import type { IpcResult } from '../../src-common/ipc/contract';
import type { SubmitScanResult } from '../../src-common/ipc/scan-event';
import { typeAsScanner } from '../../test/e2e/harness';
import type { IpcWireClient } from '../../test/support/ipc-wire-client';

/** How a session reaches the kiosk: the renderer's IPC protocol, or Chromium and a wedge scanner. */
export interface Lane {
  name: 'ipc' | 'chromium';
  scan(code: string): Promise<void>;
  startCheckIn(): Promise<void>;
  /** "I'm done" (patron.finish). */
  finish(): Promise<void>;
}

async function called(result: Promise<IpcResult<unknown>>, what: string): Promise<unknown> {
  const answer = await result;
  if (!answer.ok) throw new Error(`${what} failed: ${JSON.stringify(answer.error)}`);
  return answer.value;
}

/** Calls as the renderer's bridge sends them: wedge scans as `station.scanner.submitWedgeScan`. */
export function ipcLane(client: IpcWireClient): Lane {
  return {
    name: 'ipc',
    async scan(code) {
      const value = (await called(
        client.invoke('station.scanner.submitWedgeScan', { code }),
        'scan',
      )) as SubmitScanResult;
      if (!value.accepted) throw new Error(`the scanner turned ${code} down: ${value.reason}`);
    },
    async startCheckIn() {
      await called(client.invoke('patron.startCheckIn'), 'patron.startCheckIn');
    },
    async finish() {
      await called(client.invoke('patron.finish'), 'patron.finish');
    },
  };
}

/** The kiosk page in headless Chromium: keys typed as a wedge scanner types them, buttons clicked. */
export function chromiumLane(page: Page): Lane {
  return {
    name: 'chromium',
    scan: (code) => typeAsScanner(page, code),
    async startCheckIn() {
      await page.getByRole('button', { name: 'Return items' }).click();
    },
    async finish() {
      await page.getByRole('button', { name: "I'm done" }).click();
    },
  };
}
