import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';

let fx: ServiceFixture;
beforeAll(async () => {
  fx = await startFixture({ faults: true });
});
afterEach(() => {
  fx.service.faults?.reset();
});
afterAll(async () => {
  await fx?.stop();
});

const faults = () => {
  if (!fx.service.faults) throw new Error('started without fault knobs');
  return fx.service.faults;
};

/** A request that either answers (status) or fails at the connection level ('dropped'). */
async function attempt(url: string): Promise<number | 'dropped'> {
  try {
    const response = await fetch(url, { headers: { authorization: `Bearer ${fx.token}` } });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'dropped';
  }
}

describe('fault knobs', () => {
  it('delay every answer by latencyMs', async () => {
    faults().set({ latencyMs: 300 });
    const started = performance.now();
    const status = await attempt(`${fx.service.baseUrl}/api/listbranch`);
    // A lower bound only: a busy machine can make it slower, never faster.
    expect([status, performance.now() - started >= 300]).toEqual([200, true]);
  });

  it('answer 503 service_unavailable with errorRate 1', async () => {
    faults().set({ errorRate: 1 });
    const answer = await fx.api('/api/listbranch');
    expect([answer.status, (answer.body as { error: string }).error]).toEqual([
      503,
      'service_unavailable',
    ]);
  });

  it('drop connections without an answer with dropRate 1', async () => {
    faults().set({ dropRate: 1 });
    expect(await attempt(`${fx.service.baseUrl}/health`)).toBe('dropped');
  });

  it('make base_url and auth_url unreachable during an outage', async () => {
    faults().set({ outage: true });
    const answers = [
      await attempt(`${fx.service.baseUrl}/api/listbranch`),
      await attempt(`${fx.service.authUrl}/.well-known/openid-configuration`),
    ];
    expect(answers).toEqual(['dropped', 'dropped']);
  });

  it('serve normally again once the outage ends', async () => {
    faults().set({ outage: true });
    await attempt(`${fx.service.baseUrl}/health`);
    faults().set({ outage: false });
    expect(await attempt(`${fx.service.baseUrl}/api/listbranch`)).toBe(200);
  });

  it('never touch Azurite', async () => {
    faults().set({ outage: true });
    // Azurite answers anonymous requests itself (here with an error status), proving it is reachable.
    expect(
      typeof (await attempt(`${await fx.service.blobUrl()}/documents?restype=container`)),
    ).toBe('number');
  });
});

describe('fault control over HTTP', () => {
  const control = (method: string, body?: unknown) =>
    fetch(`${fx.service.authUrl}/__faults`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('changes knobs with PUT and reports them with GET', async () => {
    await control('PUT', { errorRate: 0.5, latencyMs: 5 });
    expect(await (await control('GET')).json()).toEqual({
      latencyMs: 5,
      errorRate: 0.5,
      dropRate: 0,
      dropAnswerRate: 0,
      padAnswerBytes: 0,
      outage: false,
      sip2BadChecksumRate: 0,
    });
  });

  it('stays reachable during an outage, so a test can end it', async () => {
    await control('PUT', { outage: true });
    const answer = await control('DELETE');
    expect([answer.status, faults().get().outage]).toEqual([200, false]);
  });

  it('refuses knobs out of range', async () => {
    expect((await control('PUT', { errorRate: 2 })).status).toBe(400);
  });
});
