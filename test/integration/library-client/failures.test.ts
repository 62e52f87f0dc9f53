import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { createRestLibraryClient } from '../../../src-main/library-client/client';
import { err, ok } from '../../../src-common/result';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';
import { asItem, asMember, unchecked } from '../../support/barcodes';

let test: TestService;
let staff: StaffAuth;

// A deployment that answers in surprising ways: real HTTP on loopback, canned bodies per path.
const answers = new Map<string, { status: number; body: string }>();
const odd = http.createServer((request, response) => {
  const answer = answers.get(new URL(request.url ?? '/', 'http://x').pathname) ?? {
    status: 404,
    body: '<html>',
  };
  request.resume().on('end', () => response.writeHead(answer.status).end(answer.body));
});
let oddUrl: string;

const staticTokens = {
  current: async () => ok('test-token'),
  renew: async () => err('token-rejected' as const),
};

beforeAll(async () => {
  test = await startTestService({ faults: true });
  staff = await signedIn(test);
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  oddUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
});

afterEach(() => {
  test.service.faults?.reset();
});

afterAll(async () => {
  staff?.dispose();
  await new Promise((resolve) => odd.close(resolve));
  await test?.stop();
});

/** A loopback address where nothing listens: a port just freed. */
async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const loan = { itemBarcode: asItem(itemBarcode(6)), memberBarcode: asMember(memberBarcode(1)) };

describe('network failures', () => {
  it('reports a closed port as unreachable and the check-out as not applied', async () => {
    const client = createRestLibraryClient({
      baseUrl: await closedPortUrl(),
      timeoutMs: 2000,
      tokens: staticTokens,
    });
    expect(await client.checkOut(loan)).toMatchObject({
      ok: false,
      error: {
        kind: 'unreachable',
        operation: 'checkOut',
        cause: 'ECONNREFUSED',
        outcome: 'not-applied',
      },
    });
  });

  it('gives up after the request timeout and marks the check-out outcome unknown', async () => {
    const client = createRestLibraryClient({
      baseUrl: test.service.baseUrl,
      timeoutMs: 300,
      tokens: staticTokens,
    });
    test.service.faults?.set({ latencyMs: 2000 });
    expect(await client.checkOut(loan)).toMatchObject({
      ok: false,
      error: { kind: 'timeout', operation: 'checkOut', timeoutMs: 300, outcome: 'unknown' },
    });
  });

  it('marks a check-out whose connection dropped as unknown, never retrying it', async () => {
    test.service.faults?.set({ dropRate: 1 });
    expect(await staff.client.checkOut(loan)).toMatchObject({
      ok: false,
      error: { kind: 'unreachable', operation: 'checkOut', outcome: 'unknown' },
    });
  });

  it('treats 503 from the service as unreachable with an unknown outcome', async () => {
    test.service.faults?.set({ errorRate: 1 });
    expect(await staff.client.checkIn(asItem(itemBarcode(21)))).toMatchObject({
      ok: false,
      error: { kind: 'unreachable', cause: 'http-503', outcome: 'unknown' },
    });
  });

  it('reports a cancelled call as cancelled', async () => {
    test.service.faults?.set({ latencyMs: 2000 });
    const controller = new AbortController();
    const pending = staff.client.listBranches({ signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toMatchObject({
      ok: false,
      error: { kind: 'cancelled', operation: 'listBranches' },
    });
  });
});

describe('surprising answers', () => {
  const client = () =>
    createRestLibraryClient({ baseUrl: oddUrl, timeoutMs: 2000, tokens: staticTokens });

  it('keeps unknown extra fields of a record', async () => {
    answers.set('/api/listbranch', {
      status: 200,
      body: JSON.stringify({ Branches: [{ Id: 7, Name: 'Harbour', Floor: 2 }] }),
    });
    const branches = await client().listBranches();
    expect(branches.ok && branches.value).toEqual([
      { id: '7', name: 'Harbour', extra: { Floor: 2 } },
    ]);
  });

  it.each([
    ['true', 'true'],
    ['an empty body', ''],
  ])('takes a member update answered 200 with %s as done, without a record', async (_, body) => {
    answers.set('/api/user-member', { status: 200, body });
    expect(await client().updateMember({ Id: '1010', city: 'Cork' })).toEqual({
      ok: true,
      value: undefined,
    });
  });

  it('reports a list answered with an empty body as malformed', async () => {
    answers.set('/api/listbranch', { status: 200, body: '' });
    expect(await client().listBranches()).toMatchObject({
      ok: false,
      error: { kind: 'malformed-response', issue: expect.stringContaining('no list found') },
    });
  });

  it('reports a list field that holds no list as malformed', async () => {
    answers.set('/api/listbranch', { status: 200, body: JSON.stringify({ Branches: 'none' }) });
    expect(await client().listBranches()).toMatchObject({
      ok: false,
      error: { kind: 'malformed-response', operation: 'listBranches', status: 200 },
    });
  });

  it('takes a check-out answered without a due date as done, the due date unknown', async () => {
    answers.set('/api/checkout', { status: 200, body: JSON.stringify({ Result: 'ok' }) });
    expect(await client().checkOut(loan)).toMatchObject({
      ok: true,
      value: { dueDate: 'unknown', fine: 'unknown', extra: { Result: 'ok' } },
    });
  });

  it('takes a check-in answered with a body that is not JSON as done, its details unknown', async () => {
    answers.set('/api/checkin', { status: 200, body: 'OK' });
    expect(await client().checkIn(asItem(itemBarcode(1)))).toMatchObject({
      ok: true,
      value: { fine: 'unknown', overdue: 'unknown', overdueDate: 'unknown' },
    });
  });

  it('reports user info whose body is not JSON as malformed', async () => {
    answers.set('/api/getuserinfo', { status: 200, body: '<html>hello</html>' });
    expect(await client().getUserInfo()).toMatchObject({
      ok: false,
      error: { kind: 'malformed-response', issue: expect.stringContaining('expected user') },
    });
  });

  it("reports a refusal with a plain-text body in the service's words", async () => {
    answers.set('/api/checkin', { status: 409, body: 'Conflict' });
    const result = await client().checkIn(asItem(itemBarcode(1)));
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'refused',
        operation: 'checkIn',
        status: 409,
        message: 'Conflict',
        outcome: 'not-applied',
      },
    });
  });

  it('marks a check-in refused with a 500 as unknown: it may have failed half-way', async () => {
    answers.set('/api/checkin', { status: 500, body: JSON.stringify({ error: 'internal_error' }) });
    expect(await client().checkIn(asItem(itemBarcode(1)))).toMatchObject({
      ok: false,
      error: { kind: 'refused', status: 500, code: 'internal_error', outcome: 'unknown' },
    });
  });
});

describe('values that cannot be a path segment', () => {
  const sent: string[] = [];
  const recording: typeof fetch = (input, init) => {
    sent.push(input instanceof Request ? input.url : String(input));
    return fetch(input, init);
  };

  it.each(['', '.', '..'])(
    'refuses %j as a member barcode, email or id without sending',
    async (value) => {
      const client = createRestLibraryClient({
        baseUrl: oddUrl,
        tokens: staticTokens,
        timeoutMs: 2_000,
        fetch: recording,
      });
      const results = [
        await client.memberByBarcode(unchecked.member(value)),
        await client.memberByEmail(value),
        await client.getMember(value),
      ];
      expect(results).toEqual([
        expect.objectContaining({
          ok: false,
          error: expect.objectContaining({
            kind: 'invalid-argument',
            operation: 'memberByBarcode',
            outcome: 'not-applied',
          }),
        }),
        expect.objectContaining({
          ok: false,
          error: expect.objectContaining({ kind: 'invalid-argument', operation: 'memberByEmail' }),
        }),
        expect.objectContaining({
          ok: false,
          error: expect.objectContaining({ kind: 'invalid-argument', operation: 'getMember' }),
        }),
      ]);
      expect(sent).toEqual([]);
    },
  );

  it('still sends a value that only contains dots among other characters', async () => {
    const client = createRestLibraryClient({
      baseUrl: test.service.baseUrl,
      tokens: staticTokens,
      timeoutMs: 2_000,
      fetch: recording,
    });
    await client.memberByBarcode(asMember('a..b'));
    expect(sent.at(-1)).toBe(`${test.service.baseUrl}/api/lmmemberbycard/a..b`);
  });
});
