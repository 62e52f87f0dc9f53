import { mkdtemp, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'selfsigned';

/** selfsigned's option type is not exported: its extensions, as `generate` takes them. */
type Extensions = NonNullable<NonNullable<Parameters<typeof generate>[1]>['extensions']>;
import { createPrometheusMetrics } from '../../../src-main/metrics/metric-catalog';
import { startMetricsListener } from '../../../src-main/metrics/metrics-listener';
import type { MetricsListener } from '../../../src-main/metrics/metrics-listener';
import { MetricsSettingsSchema } from '../../../src-main/metrics/settings-schema';
import { tokenSha256 } from '../../../src-main/metrics/scrape-auth';
import { captureLogs } from '../../support/log-capture';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(
  url: string,
  options: { method?: string; headers?: Record<string, string>; tls?: object } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const request = send(
      url,
      { method: options.method ?? 'GET', headers: options.headers ?? {}, ...options.tls },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const settings = (input: object) => ({ ...MetricsSettingsSchema.parse(input), port: 0 });

function registry() {
  const { metrics, registry } = createPrometheusMetrics({ version: '9.9.9', host: 'web' });
  metrics.queue({ queued: 2, exceptions: 0, oldestQueuedAt: new Date(Date.now() - 5000) });
  return registry;
}

describe('the metrics listener on loopback without auth', () => {
  let listener: MetricsListener;
  let base: string;
  beforeAll(async () => {
    listener = await startMetricsListener(settings({ enabled: true }), registry());
    base = `http://127.0.0.1:${listener.port}`;
  });
  afterAll(() => listener.close());

  it('serves the exposition format on GET /metrics', async () => {
    const answer = await get(`${base}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(answer.body).toContain('library_kiosk_build_info{version="9.9.9",host="web"} 1');
    expect(answer.body).toContain('library_kiosk_queue_transactions 2');
    expect(answer.body).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(listener.host).toBe('127.0.0.1');
  });

  it.each([
    ['POST', '/metrics', 405],
    ['PUT', '/metrics', 405],
    ['HEAD', '/metrics', 405],
    ['GET', '/', 404],
    ['GET', '/metrics/x', 404],
    ['GET', '/debug', 404],
  ])('%s %s answers %i with no metric in it', async (method, route, status) => {
    const answer = await get(`${base}${route}`, { method });
    expect(answer.status).toBe(status);
    expect(answer.body).not.toContain('library_kiosk');
    if (status === 405) expect(answer.headers.allow).toBe('GET');
  });
});

/** A CA, the kiosk's server certificate, a scraper's client certificate and an outsider's. */
async function certificates() {
  const caExtensions: Extensions = [
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true },
  ];
  const ca = await generate([{ name: 'commonName', value: 'Kiosk fleet scrapers CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: caExtensions,
  });
  const otherCa = await generate([{ name: 'commonName', value: 'Some other CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: caExtensions,
  });
  const leaf = (usage: 'serverAuth' | 'clientAuth'): Extensions => [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', [usage]: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
  ];
  const [server, scraper, outsider] = await Promise.all([
    generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      extensions: leaf('serverAuth'),
      ca: { key: ca.private, cert: ca.cert },
    }),
    generate([{ name: 'commonName', value: 'prometheus' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      extensions: leaf('clientAuth'),
      ca: { key: ca.private, cert: ca.cert },
    }),
    generate([{ name: 'commonName', value: 'prometheus' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      extensions: leaf('clientAuth'),
      ca: { key: otherCa.private, cert: otherCa.cert },
    }),
  ]);
  const folder = await mkdtemp(path.join(tmpdir(), 'metrics-tls-'));
  const file = async (name: string, text: string) => {
    await writeFile(path.join(folder, name), text, { mode: 0o600 });
    return path.join(folder, name);
  };
  return {
    files: {
      tlsCertFile: await file('cert.pem', server.cert),
      tlsKeyFile: await file('key.pem', server.private),
    },
    clientCaFile: await file('ca.pem', ca.cert),
    serverCa: ca.cert,
    client: { cert: scraper.cert, key: scraper.private },
    stranger: { cert: outsider.cert, key: outsider.private },
  };
}

describe('the metrics listener off loopback with a bearer token over TLS', () => {
  const TOKEN = 'Zm9vYmFyLXNjcmFwZS10b2tlbi1mb3ItdGVzdHMtb25seQ';
  let listener: MetricsListener;
  let url: string;
  let serverCa: string;
  let logs: ReturnType<typeof captureLogs>;
  beforeAll(async () => {
    logs = captureLogs();
    const tls = await certificates();
    serverCa = tls.serverCa;
    // Off loopback, as a kiosk scraped across the branch network listens.
    listener = await startMetricsListener(
      settings({
        enabled: true,
        host: '0.0.0.0',
        bearerTokenSha256: tokenSha256(TOKEN),
        ...tls.files,
      }),
      registry(),
    );
    url = `https://127.0.0.1:${listener.port}/metrics`;
  });
  afterAll(async () => {
    await listener.close();
    logs.restore();
  });

  it('answers the right token, over TLS', async () => {
    const answer = await get(url, {
      headers: { Authorization: `Bearer ${TOKEN}` },
      tls: { ca: serverCa },
    });
    expect(listener.tls).toBe(true);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('library_kiosk_online');
  });

  it('speaks no plain HTTP on its port', async () => {
    await expect(
      get(`http://127.0.0.1:${listener.port}/metrics`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      }),
    ).rejects.toThrow();
  });

  it.each([
    ['a wrong token', { Authorization: 'Bearer wrong' }],
    ['the token one character short', { Authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ['its hash', { Authorization: `Bearer ${tokenSha256(TOKEN)}` }],
    ['no header', {}],
    ['Basic', { Authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` }],
  ])('refuses %s with 401 and WWW-Authenticate: Bearer', async (_name, headers) => {
    const answer = await get(url, { headers, tls: { ca: serverCa } });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(answer.body).not.toContain('library_kiosk');
  });

  it('never logs the token or its hash', () => {
    expect(logs.records.some((record) => record.message.includes('refused'))).toBe(true);
    expect(logs.text()).not.toContain(TOKEN);
    expect(logs.text()).not.toContain(tokenSha256(TOKEN));
    expect(logs.text()).not.toContain('wrong');
  });
});

describe('a metrics listener off loopback without TLS (issue 35, item 5)', () => {
  it.each([
    ['a bearer token over plain HTTP', { bearerTokenSha256: 'ab'.repeat(32) }],
    ['no credential at all', {}],
  ])('does not start with %s: the token would cross the network in clear', async (_name, auth) => {
    // The schema refuses these settings; the listener refuses them too, whoever built them.
    const unchecked = {
      ...MetricsSettingsSchema.parse({}),
      enabled: true,
      host: '0.0.0.0',
      port: 0,
      ...auth,
    };
    await expect(startMetricsListener(unchecked, registry())).rejects.toThrow(
      /refused to listen: a metrics host other than loopback needs TLS/,
    );
  });
});

describe('refused scrapes in the log (issue 35, item 5)', () => {
  it('logs the first refusal at once and the rest as one line with their count per window', async () => {
    const logs = captureLogs('warn');
    let pending: (() => void) | undefined;
    const timers = {
      setTimeout: (callback: () => void) => (pending = callback),
      clearTimeout: () => (pending = undefined),
    };
    const listener = await startMetricsListener(
      settings({ enabled: true, bearerTokenSha256: tokenSha256('right') }),
      registry(),
      { refusalTimers: timers, refusalWindowMs: 60_000 },
    );
    try {
      const url = `http://127.0.0.1:${listener.port}/metrics`;
      const refusedLines = () =>
        logs.records.filter((record) => record.message.startsWith('a metrics scrape'));
      for (let i = 0; i < 50; i += 1) {
        expect((await get(url, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
      }
      expect(refusedLines().map((record) => record.message)).toEqual([
        'a metrics scrape without the right token was refused',
      ]);
      pending?.();
      expect(refusedLines().map((record) => record.message)).toEqual([
        'a metrics scrape without the right token was refused',
        'a metrics scrape without the right token was refused (49 more in 60 s)',
      ]);
      // The window is over: the next refusal is news again.
      await get(url, {});
      expect(refusedLines()).toHaveLength(3);
    } finally {
      await listener.close();
      logs.restore();
    }
  });
});

describe('the metrics listener with mTLS', () => {
  let listener: MetricsListener;
  let url: string;
  let client: { cert: string; key: string };
  let stranger: { cert: string; key: string };
  let serverCa: string;

  beforeAll(async () => {
    const tls = await certificates();
    listener = await startMetricsListener(
      settings({
        enabled: true,
        host: '0.0.0.0',
        ...tls.files,
        tlsClientCaFile: tls.clientCaFile,
      }),
      registry(),
    );
    url = `https://127.0.0.1:${listener.port}/metrics`;
    ({ client, stranger, serverCa } = tls);
  });
  afterAll(() => listener.close());

  it('answers a scraper whose certificate the client CA signed', async () => {
    const answer = await get(url, { tls: { ca: serverCa, ...client } });
    expect(listener.tls).toBe(true);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('library_kiosk_build_info');
  });

  it('refuses the handshake without a client certificate', async () => {
    await expect(get(url, { tls: { ca: serverCa } })).rejects.toThrow();
  });

  it('refuses the handshake with a certificate from another CA', async () => {
    await expect(get(url, { tls: { ca: serverCa, ...stranger } })).rejects.toThrow();
  });
});
