import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IpcResult, KioskState } from '../../../src-common/ipc/contract';
import type { WebKiosk } from '../../../src-main/web-host/web-kiosk';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { DEMO_MEMBERS } from '../../../src-reference-service/db/seed';
import { memberCirculationSchema } from '../../../src-reference-service/domain/schemas';
import type { IpcWireClient } from '../../support/ipc-wire-client';
import { accessToken } from '../../support/service-oauth';
import { startTestWebKiosk } from '../../support/web-kiosk';
import type { TestWebKiosk } from '../../support/web-kiosk';

/**
 * The web host with `patron.backEnd: 'sip2'` and no SIP2 host: the kiosk starts the embedded
 * service with its SIP2 listener and the patron flow goes over SIP2, with no staff signed in.
 */

const CARD = memberBarcode(DEMO_MEMBERS.canBorrow);
// Another card for the second case: the same code again within seconds is a scanner's double read.
const OTHER_CARD = memberBarcode(DEMO_MEMBERS.withSmallFine);
// The seed never lends items 1-20: each case takes its own.
const item = (n: number) => itemBarcode(n);

let test: TestWebKiosk;
let web: WebKiosk;
let kiosk: IpcWireClient;

beforeAll(async () => {
  test = await startTestWebKiosk({
    prefix: 'kiosk-sip2-',
    settings: {
      patron: { backEnd: 'sip2' },
      // A heartbeat every second, and probes as quick: the test waits seconds, not minutes.
      sip2: { heartbeatSeconds: 1, requestTimeoutMs: 2_000 },
      offline: { probeFirstDelayMs: 200, probeMaxDelayMs: 1_000 },
      receipt: { mode: 'none' },
      scanner: { device: { mode: 'off' } },
    },
    embeddedService: { faults: true },
    // The demo staff accounts: the test reads the REST lookup as the librarian.
    host: { demo: true },
  });
  web = test.web;
  kiosk = test.ipc!;
});

afterAll(async () => {
  await test?.stop();
});

const accepted = (result: IpcResult<unknown>): boolean =>
  result.ok && (result.value as { accepted?: boolean }).accepted === true;

const onAttract = (state: KioskState): boolean =>
  state.screen.name === 'attract' || state.screen.name === 'thanks';

async function scan(code: string): Promise<void> {
  expect(accepted(await kiosk.invoke('station.scanner.submitWedgeScan', { code }))).toBe(true);
}

/** A patron borrows one item; the line as the patron sees it once it settled. */
async function borrow(card: string, itemCode: string) {
  await kiosk.until(onAttract);
  await scan(card);
  await kiosk.until((state) => state.screen.name === 'patron');
  await scan(itemCode);
  // One item a session: its line, labelled by the barcode's end or by the title once known.
  const { screen } = await kiosk.until(
    (state) =>
      state.screen.name === 'patron' &&
      state.screen.session.length === 1 &&
      state.screen.session[0]!.status !== 'pending',
  );
  expect((await kiosk.invoke('patron.finish')).ok).toBe(true);
  return screen.name === 'patron' ? screen.session[0] : undefined;
}

async function restLoans(card: string): Promise<string[]> {
  const { baseUrl, authUrl } = web.kiosk.connection;
  const token = await accessToken(authUrl);
  const answer = await fetch(`${baseUrl}/api/lmmemberbycard/${card}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const member = memberCirculationSchema.parse(await answer.json());
  return member.Items.map((one) => one.ItemBarcode);
}

describe('the SIP2 back end on the web host', () => {
  it('starts the embedded listener and lends over SIP2 with no staff signed in; the loan is in the REST lookup', async () => {
    expect(web.kiosk.sip2).toMatchObject({ host: '127.0.0.1' });
    expect(web.kiosk.auth.status().state).not.toBe('signed-in');
    const line = await borrow(CARD, item(3));
    expect(line?.status).toBe('done');
    expect(await restLoans(CARD)).toContain(item(3));
  });

  it('goes offline when the ACS status says it is offline, takes a loan offline, and sends it over SIP2 once the ACS is back, still with no staff signed in', async () => {
    const faults = web.kiosk.faults;
    if (!faults) throw new Error('the embedded service was started without its fault knobs');
    const connectivity = web.kiosk.offline.connectivity;
    expect(connectivity.state()).toBe('online');
    // Every answer a refusal: the 98 of the heartbeat says online N.
    faults.set({ errorRate: 1 });
    await vi.waitFor(() => expect(connectivity.state()).toBe('offline'), { timeout: 5_000 });
    const line = await borrow(OTHER_CARD, item(4));
    expect(line).toMatchObject({ status: 'queued', queued: 'offline' });
    expect(web.kiosk.offline.status().queued).toBe(1);

    faults.reset();
    await vi.waitFor(() => expect(connectivity.state()).toBe('online'), { timeout: 5_000 });
    await vi.waitFor(() => expect(web.kiosk.offline.status().queued).toBe(0), { timeout: 5_000 });
    expect(web.kiosk.offline.status().exceptions).toBe(0);
    expect(web.kiosk.auth.status().state).not.toBe('signed-in');
    expect(await restLoans(OTHER_CARD)).toContain(item(4));
  });
});
