import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenSha256 } from '../../../src-main/metrics/scrape-auth';
import { resolveSettings } from '../../../src-main/settings/resolve';
import { startWebKiosk } from '../../../src-main/web-host/web-kiosk';
import type { WebKiosk } from '../../../src-main/web-host/web-kiosk';

/** A port free on 127.0.0.1 now (Prometheus and the schema take no port 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(
  what: string,
  ms: number,
  attempt: () => Promise<T | undefined>,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a web-host kiosk with metrics.enabled', () => {
  const token = randomBytes(32).toString('base64url');
  let web: WebKiosk;
  let metricsUrl: string;
  let folder: string;
  let prometheus: ChildProcess | undefined;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'metrics-web-'));
    const rendererDir = path.join(folder, 'renderer');
    await mkdir(rendererDir);
    await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    const port = await freePort();
    const settings = resolveSettings(
      { metrics: { enabled: true, port, bearerTokenSha256: tokenSha256(token) } },
      {},
      { dataDir: path.join(folder, 'data') },
    );
    if (!settings.ok) throw new Error(settings.error.message);
    web = await startWebKiosk({
      settings: settings.value,
      port: 0,
      rendererDir,
      embeddedService: { ports: { base: 0, auth: 0, blob: 0 } },
    });
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
  });

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus?.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await web?.stop();
  });

  it('refuses a metrics host off loopback without a token hash or mTLS', () => {
    const settings = resolveSettings(
      { metrics: { enabled: true, host: '0.0.0.0' } },
      {},
      { dataDir: path.join(folder, 'other') },
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
    const tokenFile = path.join(folder, 'kiosk.token');
    await writeFile(tokenFile, token, { mode: 0o600 });
    const target = new URL(metricsUrl).host;
    await writeFile(
      path.join(folder, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, scrape_timeout: 1s }',
        'scrape_configs:',
        '  - job_name: library-kiosk',
        `    authorization: { type: Bearer, credentials_file: ${JSON.stringify(tokenFile)} }`,
        `    static_configs: [{ targets: [${JSON.stringify(target)}], labels: { branch: test, station: t1 } }]`,
        '',
      ].join('\n'),
    );
    const port = await freePort();
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${path.join(folder, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(folder, 'tsdb')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    );
    const query = `http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent('library_kiosk_build_info')}`;
    const series = await until('library_kiosk_build_info in Prometheus', 9_000, async () => {
      const answer = (await (await fetch(query)).json()) as {
        data: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      return answer.data.result[0];
    });
    expect(series.metric).toMatchObject({
      job: 'library-kiosk',
      branch: 'test',
      station: 't1',
      host: 'web',
    });
    expect(series.value[1]).toBe('1');
  }, 15_000);
});
