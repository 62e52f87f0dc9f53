import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenSha256 } from '../../../src-main/metrics/scrape-auth';
import { resolveSettings } from '../../../src-main/settings/resolve';
import type { WebKiosk } from '../../../src-main/web-host/web-kiosk';
import { freePort } from '../../support/free-port';
import { startPrometheus } from '../../support/prometheus';
import type { RunningPrometheus } from '../../support/prometheus';
import { startTestWebKiosk } from '../../support/web-kiosk';
import type { TestWebKiosk } from '../../support/web-kiosk';

describe('a web-host kiosk with metrics.enabled', () => {
  const token = randomBytes(32).toString('base64url');
  let test: TestWebKiosk;
  let web: WebKiosk;
  let metricsUrl: string;
  let prometheus: RunningPrometheus | undefined;

  beforeAll(async () => {
    const port = await freePort();
    test = await startTestWebKiosk({
      prefix: 'metrics-web-',
      settings: { metrics: { enabled: true, port, bearerTokenSha256: tokenSha256(token) } },
      connect: false,
    });
    web = test.web;
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
  });

  afterAll(async () => {
    await prometheus?.stop();
    await test?.stop();
  });

  it('refuses a metrics host off loopback without a token hash or mTLS', () => {
    const settings = resolveSettings(
      { metrics: { enabled: true, host: '0.0.0.0' } },
      {},
      { dataDir: path.join(test.dataDir, 'other') },
    );
    expect(settings.ok).toBe(false);
    expect(settings.ok ? '' : settings.error.message).toContain('metrics.host');
  });

  it('serves build info and process metrics that promtool finds well-formed', async () => {
    expect(web.kiosk.metrics.listening?.host).toBe('127.0.0.1');
    const refused = await fetch(metricsUrl);
    expect(refused.status).toBe(401);
    const answer = await fetch(metricsUrl, { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await answer.text();
    expect(text).toMatch(/^library_kiosk_build_info\{version="[^"]+",host="web"\} 1$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
    const lint = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(lint.stdout + lint.stderr).toBe('');
    expect(lint.status).toBe(0);
  });

  it('is scraped by a real Prometheus with the token in its credentials_file', async () => {
    const target = new URL(metricsUrl).host;
    prometheus = await startPrometheus({
      config: async (dir) => {
        const tokenFile = path.join(dir, 'kiosk.token');
        await writeFile(tokenFile, token, { mode: 0o600 });
        return [
          'global: { scrape_interval: 1s, scrape_timeout: 1s }',
          'scrape_configs:',
          '  - job_name: library-kiosk',
          `    authorization: { type: Bearer, credentials_file: ${JSON.stringify(tokenFile)} }`,
          `    static_configs: [{ targets: [${JSON.stringify(target)}], labels: { branch: test, station: t1 } }]`,
          '',
        ].join('\n');
      },
    });
    const query = prometheus.query;
    const series = await vi.waitFor(
      async () => {
        const found = (await query('library_kiosk_build_info'))[0];
        if (!found) throw new Error('library_kiosk_build_info is not in Prometheus yet');
        return found;
      },
      { timeout: 9_000, interval: 200 },
    );
    expect(series.metric).toMatchObject({
      job: 'library-kiosk',
      branch: 'test',
      station: 't1',
      host: 'web',
    });
    expect(series.value?.[1]).toBe('1');
  }, 15_000);
});
