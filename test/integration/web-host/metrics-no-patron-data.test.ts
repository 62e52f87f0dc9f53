import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcResult, KioskState } from '../../../src-common/ipc/contract';
import type { WebKiosk } from '../../../src-main/web-host/web-kiosk';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { DEMO_MEMBERS } from '../../../src-reference-service/db/seed';
import { freePort } from '../../support/free-port';
import type { IpcWireClient } from '../../support/ipc-wire-client';
import { startTestWebKiosk } from '../../support/web-kiosk';
import type { TestWebKiosk } from '../../support/web-kiosk';

/**
 * A whole check-out and a return through the web host's core, metrics
 * on: the scrape counts them, and no label value holds the card, an item or the patron's name.
 */

const CARD = memberBarcode(DEMO_MEMBERS.canBorrow);
const ITEM = itemBarcode(17);

let test: TestWebKiosk;
let web: WebKiosk;
let kiosk: IpcWireClient;

beforeAll(async () => {
  test = await startTestWebKiosk({
    prefix: 'kiosk-metrics-',
    settings: {
      patron: { backEnd: 'sip2' },
      sip2: { heartbeatSeconds: 1, requestTimeoutMs: 2_000 },
      receipt: { mode: 'none' },
      scanner: { device: { mode: 'off' } },
      metrics: { enabled: true, port: await freePort() },
    },
  });
  web = test.web;
  kiosk = test.ipc!;
});

afterAll(async () => {
  await test?.stop();
});

const accepted = (result: IpcResult<unknown>): boolean =>
  result.ok && (result.value as { accepted?: boolean }).accepted === true;

async function scan(code: string): Promise<void> {
  expect(accepted(await kiosk.invoke('station.scanner.submitWedgeScan', { code }))).toBe(true);
}

const settled = (state: KioskState): boolean =>
  state.screen.name === 'patron' || state.screen.name === 'check-in'
    ? state.screen.session.length === 1 && state.screen.session[0]!.status !== 'pending'
    : false;

const idle = (state: KioskState): boolean =>
  state.screen.name === 'attract' || state.screen.name === 'thanks';

describe('metrics of a whole session through the web host', () => {
  it('counts the sessions, the loan and the return, with no barcode or name in any label', async () => {
    await kiosk.until(idle);
    await scan(CARD);
    const patron = await kiosk.until((state) => state.screen.name === 'patron');
    const firstName = /"firstName":"([^"]*)"/.exec(JSON.stringify(patron.screen))?.[1] ?? '';
    expect(firstName).not.toBe('');
    await scan(ITEM);
    await kiosk.until(settled);
    expect((await kiosk.invoke('patron.finish')).ok).toBe(true);
    await kiosk.until((state) => state.screen.name === 'thanks');

    await kiosk.until((state) => state.screen.name === 'attract');
    expect((await kiosk.invoke('patron.startCheckIn')).ok).toBe(true);
    await kiosk.until((state) => state.screen.name === 'check-in');
    await scan(ITEM);
    await kiosk.until(settled);
    expect((await kiosk.invoke('patron.finish')).ok).toBe(true);
    await kiosk.until((state) => state.screen.name === 'thanks');

    const registry = web.kiosk.metrics.registry;
    if (!registry) throw new Error('metrics are on: the registry should be there');
    const text = await registry.metrics();
    const lines = text.split('\n').filter((line) => line.startsWith('library_kiosk_'));
    const value = (series: string): number =>
      Number(lines.find((line) => line.startsWith(`${series} `))?.split(' ')[1] ?? NaN);
    expect(value('library_kiosk_sessions_started_total{kind="check-out"}')).toBe(1);
    expect(value('library_kiosk_sessions_started_total{kind="check-in"}')).toBe(1);
    expect(value('library_kiosk_sessions_ended_total{kind="check-out",end="completed"}')).toBe(1);
    expect(value('library_kiosk_sessions_ended_total{kind="check-in",end="completed"}')).toBe(1);
    expect(value('library_kiosk_circulation_total{operation="check-out",outcome="done"}')).toBe(1);
    expect(value('library_kiosk_circulation_total{operation="check-in",outcome="done"}')).toBe(1);
    expect(value('library_kiosk_scan_feedback_seconds_count')).toBeGreaterThanOrEqual(3);
    expect(value('library_kiosk_online')).toBe(1);
    // The SIP2 client's requests, by the client's operation names.
    const sip2Calls = (operation: string) =>
      value(
        `library_kiosk_service_request_duration_seconds_count{operation="${operation}",status="ok"}`,
      );
    expect(sip2Calls('checkOut')).toBe(1);
    expect(sip2Calls('checkIn')).toBe(1);
    expect(sip2Calls('memberByBarcode')).toBeGreaterThanOrEqual(1);

    // Every label value of every series: a word of the fixed sets, never a datum.
    const labelValues = [...text.matchAll(/[a-z_]+="([^"]*)"/g)].map((match) => match[1]!);
    expect(labelValues.length).toBeGreaterThan(10);
    for (const label of labelValues) {
      for (const datum of [CARD, ITEM, firstName]) expect(label).not.toContain(datum);
    }
    for (const datum of [CARD, ITEM]) {
      expect(text).not.toContain(datum);
    }
    expect(text).not.toContain(firstName);
  });
});
