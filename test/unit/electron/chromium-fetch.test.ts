/**
 * The Electron host's fetch (src-main/electron/chromium-fetch.ts) on the fake `electron` module's
 * `net.request` (test/support/fake-net.ts: Chromium's request semantics, and the station's trust
 * of a private certificate authority in its NSS database), against a real HTTPS service whose
 * certificate a library's own CA signed; through the kiosk's own callers too (the offline probe,
 * the fleet download), which send every request with `redirect: 'manual'`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { probeService } from '../../../src-main/circulation/offline/connectivity';
import { downloadFleetFile } from '../../../src-main/settings/fleet-download';
import type { FakeElectron } from '../../support/fake-electron';
import { makePrivateCa, startHttpsService } from '../../support/private-ca';
import type { HttpsService, PrivateCa } from '../../support/private-ca';

const state = vi.hoisted(() => ({ electron: undefined as FakeElectron | undefined }));

vi.mock('electron', async () => {
  const { FakeElectron } = await import('../../support/fake-electron');
  state.electron ??= new FakeElectron({ paths: {} });
  return state.electron.module();
});

const { SERVICE_PARTITION, chromiumFetch } =
  await import('../../../src-main/electron/chromium-fetch');

let ca: PrivateCa;
let service: HttpsService;

beforeAll(async () => {
  ca = await makePrivateCa();
  service = await startHttpsService(ca, (request, body, response) => {
    if (request.url === '/moved') {
      response.writeHead(302, { location: '/elsewhere' }).end();
    } else if (request.url === '/empty') {
      response.writeHead(204).end();
    } else if (request.url === '/slow') {
      setTimeout(() => response.writeHead(200).end('late'), 2_000).unref();
    } else {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ method: request.method, body, auth: request.headers.authorization }));
    }
  });
});

afterAll(async () => {
  await service.close();
});

/** A station whose NSS database holds the library's CA (or not). */
function station(trusted: boolean): FakeElectron {
  const electron = state.electron!;
  electron.reset({ paths: {}, ...(trusted ? { stationTrust: [ca.caCertificate] } : {}) });
  electron.ready();
  return electron;
}

beforeEach(async () => {
  await import('electron');
  station(true);
});

describe("the Electron host's fetch", () => {
  it("reaches a service whose certificate the library's private CA signed, as the station trusts it", async () => {
    const response = await chromiumFetch()(`${service.url}/api/userinfo`, {
      method: 'POST',
      headers: { authorization: 'Bearer at-0c2e4a6b8d', 'content-type': 'application/json' },
      body: '{"q":1}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      method: 'POST',
      body: '{"q":1}',
      auth: 'Bearer at-0c2e4a6b8d',
    });
  });

  // What the packaged kiosk did before: Node's fetch, which trusts neither the station's NSS
  // database nor (the nodeOptions fuse) NODE_EXTRA_CA_CERTS.
  it("is needed: Node's own fetch refuses that certificate", async () => {
    const failure = await fetch(`${service.url}/api/userinfo`).then(
      () => undefined,
      (error: unknown) => error as { cause?: { code?: string } },
    );
    expect(failure?.cause?.code).toMatch(
      /SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE/,
    );
  });

  it('fails as Node fetch fails where the station does not trust the CA', async () => {
    station(false);
    const failure = await chromiumFetch()(`${service.url}/api/userinfo`).then(
      () => undefined,
      (error: unknown) => error as TypeError & { cause?: { code?: string } },
    );
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure?.message).toBe('fetch failed');
    expect(failure?.cause?.code).toBe('ERR_CERT_AUTHORITY_INVALID');
  });

  it('answers a manual redirect with the redirect itself, as Node fetch does, and follows nothing', async () => {
    const before = service.requests.length;
    const response = await chromiumFetch()(`${service.url}/moved`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/elsewhere');
    expect(service.requests.slice(before).map((request) => request.path)).toEqual(['/moved']);
  });

  it('names a refused connection as Node does (ECONNREFUSED: nothing reached the service)', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const failure = await chromiumFetch()(`http://127.0.0.1:${port}/`).then(
      () => undefined,
      (error: unknown) => error as { cause?: { code?: string } },
    );
    expect(failure?.cause?.code).toBe('ECONNREFUSED');
  });

  it("gives no body for a 204, and ends with the signal's own reason on a timeout", async () => {
    expect((await chromiumFetch()(`${service.url}/empty`)).body).toBeNull();
    const failure = await chromiumFetch()(`${service.url}/slow`, {
      signal: AbortSignal.timeout(100),
    }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failure?.name).toBe('TimeoutError');
  });

  it('goes through its own in-memory session, sending and keeping no cookie or cache', async () => {
    const electron = station(true);
    await chromiumFetch()(`${service.url}/api/userinfo`);
    expect(electron.netRequests).toEqual([
      expect.objectContaining({ credentials: 'omit', cache: 'no-store', redirect: 'follow' }),
    ]);
    const session = electron.netRequests[0]?.session as { partition?: string };
    expect(session.partition).toBe(SERVICE_PARTITION);
    expect(SERVICE_PARTITION.startsWith('persist:')).toBe(false);
  });
});

describe("the kiosk's own callers, on the Electron host's fetch", () => {
  it('the offline probe finds the service behind the private CA', async () => {
    expect(
      await probeService({ baseUrl: service.url, timeoutMs: 5_000, fetch: chromiumFetch() }),
    ).toBe(true);
  });

  it('the fleet download reads the file, and refuses a redirect as before', async () => {
    const fetcher = chromiumFetch();
    expect(
      await downloadFleetFile(`${service.url}/fleet.json`, { timeoutMs: 5_000, fetch: fetcher }),
    ).toMatchObject({ ok: true });
    expect(
      await downloadFleetFile(`${service.url}/moved`, { timeoutMs: 5_000, fetch: fetcher }),
    ).toEqual({
      ok: false,
      error: 'answered with a redirect (HTTP 302), which is not followed',
    });
  });
});
