import { Socket } from 'node:net';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IpcResult, KioskState } from '../../../src-common/ipc/contract';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { DEMO_MEMBERS } from '../../../src-reference-service/db/seed';
import { cliLogin } from '../../support/cli-login';
import type { IpcWireClient } from '../../support/ipc-wire-client';
import { startTestWebKiosk, type TestWebKiosk } from '../../support/web-kiosk';
import { LIBRARIAN, startTestService, type TestService } from '../auth/harness';

/**
 * Issue 37 item 16: a scanned item's check-out request goes to the service before the pending
 * line's state goes to the page (frame-outbox.ts). Told by the order of the bytes the web host's
 * process writes to its sockets (the service's HTTP request, the page's WebSocket frames), not by
 * time: the real core, web host, service client and reference service.
 */

const CARD = memberBarcode(DEMO_MEMBERS.canBorrow);
const ITEM = itemBarcode(3);

let service: TestService;
let test: TestWebKiosk;
let kiosk: IpcWireClient;

beforeAll(async () => {
  service = await startTestService();
  const dataDir = path.join(service.dir, 'kiosk');
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const connection = {
    KIOSK_BASE_URL: service.service.baseUrl,
    KIOSK_AUTH_URL: service.service.authUrl,
  };
  // Staff sign the station in with the CLI; the web host reads the same data folder's vault.
  const login = await cliLogin(
    { PATH: process.env.PATH, HOME: service.dir, KIOSK_DATA_DIR: dataDir, ...connection },
    LIBRARIAN,
  );
  if (login.code !== 0) throw new Error(`login exited ${login.code}: ${login.stderr}`);
  test = await startTestWebKiosk({
    dataDir,
    settings: {
      service: { baseUrl: connection.KIOSK_BASE_URL, authUrl: connection.KIOSK_AUTH_URL },
      receipt: { mode: 'none' },
      scanner: { device: { mode: 'off' } },
    },
  });
  kiosk = test.ipc!;
});

afterAll(async () => {
  await test?.stop();
  await service?.stop();
});

const accepted = (result: IpcResult<unknown>): boolean =>
  result.ok && (result.value as { accepted?: boolean }).accepted === true;

const settled = (state: KioskState): boolean =>
  state.screen.name === 'patron' &&
  state.screen.session.length === 1 &&
  state.screen.session[0]!.status !== 'pending';

describe('a scanned item, through the web host', () => {
  it("sends the check-out to the service before the pending line's state to the page", async () => {
    await kiosk.until((state) => state.screen.name === 'attract');
    expect(accepted(await kiosk.invoke('scanner.submitWedgeScan', { code: CARD }))).toBe(true);
    await kiosk.until((state) => state.screen.name === 'patron');

    const written: string[] = [];
    const original = Socket.prototype.write;
    const write = vi.spyOn(Socket.prototype, 'write').mockImplementation(function (
      this: Socket,
      ...args: Parameters<Socket['write']>
    ) {
      const chunk: unknown = args[0];
      const text = Buffer.isBuffer(chunk) ? chunk.toString('latin1') : String(chunk);
      if (text.startsWith('POST /api/checkout')) written.push('check-out request');
      else if (text.includes('"kiosk.state"') && text.includes('"status":"pending"'))
        written.push('pending line state');
      return original.apply(this, args);
    });
    try {
      expect(accepted(await kiosk.invoke('scanner.submitWedgeScan', { code: ITEM }))).toBe(true);
      const done = await kiosk.until(settled);
      expect(done.screen.name === 'patron' && done.screen.session[0]!.status).toBe('done');
    } finally {
      write.mockRestore();
    }
    expect(written.indexOf('check-out request')).toBeGreaterThanOrEqual(0);
    expect(written.indexOf('pending line state')).toBeGreaterThan(
      written.indexOf('check-out request'),
    );
  });
});
