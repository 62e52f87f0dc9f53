import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_METRICS } from '../../../src-main/metrics/kiosk-metrics';
import { MetricsSettingsSchema } from '../../../src-main/metrics/settings-schema';
import { startKioskMetrics } from '../../../src-main/metrics/start-kiosk-metrics';
import { captureLogs } from '../../support/log-capture';

const BUILD = { version: '1.0.0', host: 'web' } as const;

describe('the kiosk metrics at start', () => {
  let taken: Server;
  let takenPort: number;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    takenPort = (taken.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('are NO_METRICS with no registry or listener when off', async () => {
    expect(await startKioskMetrics(MetricsSettingsSchema.parse({}), BUILD)).toEqual({
      kiosk: NO_METRICS,
    });
  });

  it('listen where the settings say when on', async () => {
    const run = await startKioskMetrics(
      { ...MetricsSettingsSchema.parse({ enabled: true }), port: 0 },
      BUILD,
    );
    expect(run.kiosk).not.toBe(NO_METRICS);
    expect(run.listener?.host).toBe('127.0.0.1');
    const answer = await fetch(`http://127.0.0.1:${run.listener?.port}/metrics`);
    expect(answer.status).toBe(200);
    await run.listener?.close();
  });

  it('let the kiosk start without the listener when its port is taken, and say so', async () => {
    const logs = captureLogs();
    try {
      const run = await startKioskMetrics(
        MetricsSettingsSchema.parse({ enabled: true, port: takenPort }),
        BUILD,
      );
      expect(run.listener).toBeUndefined();
      expect(run.registry).toBeDefined();
      run.kiosk.scannerConnected(true);
      expect(
        await run.registry?.getSingleMetricAsString('library_kiosk_scanner_connected'),
      ).toContain('library_kiosk_scanner_connected 1');
      const record = logs.records.find((entry) => entry.level === 'error');
      expect(record?.message).toBe(
        'the metrics listener could not start; the kiosk runs without it',
      );
      expect(JSON.stringify(record?.data)).toContain('EADDRINUSE');
    } finally {
      logs.restore();
    }
  });

  it('start without the listener when a TLS file cannot be read', async () => {
    const logs = captureLogs();
    try {
      const run = await startKioskMetrics(
        MetricsSettingsSchema.parse({
          enabled: true,
          port: takenPort,
          tlsCertFile: '/nonexistent/cert.pem',
          tlsKeyFile: '/nonexistent/key.pem',
          tlsClientCaFile: '/nonexistent/ca.pem',
        }),
        BUILD,
      );
      expect(run.listener).toBeUndefined();
      expect(JSON.stringify(logs.records)).toContain('ENOENT');
    } finally {
      logs.restore();
    }
  });
});
