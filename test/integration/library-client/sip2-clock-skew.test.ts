import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSip2Client } from '../../../src-main/library-client/sip2/client';
import type { Sip2Client } from '../../../src-main/library-client/sip2/sip2-types';
import { createPrometheusMetrics } from '../../../src-main/metrics/metric-catalog';
import { formatSipDate } from '../../../src-shared/sip2/date';
import { createLogger } from '../../../src-shared/log/logger';
import { recordingMetrics } from '../../support/recording-metrics';
import {
  KIOSK_SIP2_LOGIN,
  startAcs,
  stopAcses,
  type AcsOptions,
} from '../../support/sip2-test-acs';
import { ANSWERS, acsBasics, asMessage, clientOptions, startScriptedAcs } from './sip2-peer';
import type { ScriptedAcs } from './sip2-peer';
import { asItem, asMember } from '../../support/barcodes';

/**
 * The clock skew of a SIP2 kiosk: the ACS's date in its status answers (what the heartbeat reads)
 * and in its check-out and check-in answers, minus the kiosk's clock, reaches
 * library_kiosk_clock_skew_seconds; a date that cannot be read gives no reading.
 */

const ACS: AcsOptions = {
  password: 'demo-pass',
  terminator: 'CR',
  checksums: true,
  institution: 'MAIN',
};

const clients: Sip2Client[] = [];
let scripted: ScriptedAcs | undefined;
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await scripted?.close();
  scripted = undefined;
  await stopAcses();
});

function clientOf(port: number, metrics: Parameters<typeof createSip2Client>[0]['metrics']) {
  const client = createSip2Client({
    ...KIOSK_SIP2_LOGIN,
    port,
    terminator: 'CR',
    requestTimeoutMs: 2_000,
    retries: 0,
    log: createLogger('test:sip2-clock'),
    ...(metrics ? { metrics } : {}),
  });
  clients.push(client);
  return client;
}

async function skewIn(registry: ReturnType<typeof createPrometheusMetrics>['registry']) {
  const metric = await registry.getSingleMetric('library_kiosk_clock_skew_seconds')?.get();
  return metric?.values[0]?.value;
}

describe('clock skew from the ACS status answers', () => {
  // Kiosk and ACS (one process here) in a zone 5 h 30 min from UTC: a local date read as UTC
  // would be that far off.
  const zoneBefore = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Asia/Kolkata';
  });
  afterAll(() => {
    if (zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = zoneBefore;
  });

  it.each([
    ['in UTC, the ACS 3 minutes ahead', 180_000, 'utc' as const],
    ["in the ACS's local time, the ACS 5 minutes behind", -300_000, 'local' as const],
  ])('is read %s', async (_, aheadMs, zone) => {
    const port = await startAcs({
      ...ACS,
      dateTimeSync: () => formatSipDate(new Date(Date.now() + aheadMs), zone),
    });
    const { metrics, registry } = createPrometheusMetrics({
      version: '1.0.0',
      host: 'web',
      defaultMetrics: false,
    });
    const status = await clientOf(port, metrics).acsStatus();
    expect(status.ok).toBe(true);
    const skew = await skewIn(registry);
    // One second of resolution (the ACS writes whole seconds), and the round trip on loopback.
    expect(skew).toBeGreaterThanOrEqual(aheadMs / 1000 - 1.5);
    expect(skew).toBeLessThanOrEqual(aheadMs / 1000 + 0.5);
  });

  it('gives no reading when the date cannot be read, and the status is still answered', async () => {
    const port = await startAcs({ ...ACS, dateTimeSync: () => '20261125 EST120000' });
    const metrics = recordingMetrics();
    const status = await clientOf(port, metrics).acsStatus();
    expect(status.ok && status.value.online).toBe(true);
    expect(metrics.of('clockSkew')).toEqual([]);
    expect(metrics.of('serviceCall')).toHaveLength(1);
  });
});

describe('clock skew from check-out and check-in answers', () => {
  it('is read from each answer', async () => {
    // The scripted ACS dates every answer 2026-11-25 12:00:00 local; the kiosk reads 11:59:00.
    scripted = await startScriptedAcs((request, tools) => {
      if (acsBasics(request, tools)) return;
      if (request.code === '63') tools.answer(asMessage(ANSWERS.patron('M1')));
      if (request.code === '11') tools.answer(asMessage(ANSWERS.checkout(true, 'I1', 'M1')));
      if (request.code === '09') tools.answer(asMessage(ANSWERS.checkin(true, 'I1')));
    });
    const metrics = recordingMetrics();
    const client = createSip2Client(
      clientOptions(scripted.port, {
        now: () => new Date(2026, 10, 25, 11, 59, 0),
        metrics,
      }),
    );
    clients.push(client);
    expect(
      (await client.checkOut({ itemBarcode: asItem('I1'), memberBarcode: asMember('M1') })).ok,
    ).toBe(true);
    expect((await client.checkIn(asItem('I1'))).ok).toBe(true);
    // The status read for BX, the check-out and the check-in: each dated a minute ahead.
    expect(metrics.of('clockSkew')).toHaveLength(3);
    expect(new Set(metrics.of('clockSkew').map(([seconds]) => seconds))).toEqual(new Set([60]));
  });
});
