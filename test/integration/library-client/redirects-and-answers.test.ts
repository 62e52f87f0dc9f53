import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { circulationMessage } from '../../../src-main/circulation/refusals';
import { main } from '../../../src-main/cli/main';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { cliLogin } from '../../support/cli-login';
import { LIBRARIAN, signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';
import { asItem, asMember } from '../../support/barcodes';

/**
 * The kiosk never follows a redirect (issue 22, item 7), and never takes an answer that names
 * another item or card than it sent as success. A loopback front stands before the reference
 * service: it forwards, redirects chosen routes to another origin, or rewrites the answer's item.
 */
let test: TestService;
let staff: StaffAuth;
let cliEnv: Record<string, string | undefined>;

/** What the front does to the next requests. */
let mode:
  'forward' | 'redirect' | 'rewrite-item' | 'rewrite-card' | 'respell-item' | 'strip-barcodes' =
  'forward';
/** Every request the other origin received. */
const elsewhere: string[] = [];

const other = http.createServer((request, response) => {
  elsewhere.push(`${request.method} ${request.url}`);
  request.resume();
  // Answers as a service would, naming an item the kiosk did not send.
  response
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ ItemBarcode: itemBarcode(99), DueDate: '2030-01-01T23:59:59Z' }));
});

/** The answer with each field set to its value, or dropped where the value is undefined. */
const rewrite = (text: string, changes: Record<string, string | undefined>): string => {
  const body = JSON.parse(text) as Record<string, unknown>;
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) delete body[field];
    else body[field] = value;
  }
  return JSON.stringify(body);
};

const front = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const route = request.url ?? '/';
    if (mode === 'redirect') {
      const target = `http://127.0.0.1:${(other.address() as AddressInfo).port}${route}`;
      response.writeHead(307, { location: target }).end();
      return;
    }
    const headers = new Headers();
    for (const name of ['authorization', 'accept', 'content-type']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    fetch(`${test.service.baseUrl}${route}`, { method: request.method ?? 'GET', headers, body })
      .then(async (answer) => {
        let text = await answer.text();
        const circulation = route === '/api/checkout' || route === '/api/checkin';
        const changes = {
          forward: {},
          redirect: {},
          'rewrite-item': { ItemBarcode: itemBarcode(98) },
          'rewrite-card': { UserBarcode: memberBarcode(7) },
          // Another dialect's spelling of the same concept, read through the field aliases.
          'respell-item': { ItemBarcode: undefined, copyBarcode: itemBarcode(98) },
          'strip-barcodes': { ItemBarcode: undefined, UserBarcode: undefined },
        }[mode];
        if (circulation && answer.ok) text = rewrite(text, changes);
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
      })
      .catch(() => response.writeHead(502).end());
  });
});

const listen = (server: http.Server) =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const frontUrl = () => `http://127.0.0.1:${(front.address() as AddressInfo).port}`;

async function cli(args: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let errText = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (errText += chunk.toString()));
  const code = await main(args, cliEnv, { stdout, stderr }, new AbortController().signal);
  return { code, stdout: out, stderr: errText };
}

beforeAll(async () => {
  test = await startTestService();
  await listen(other);
  await listen(front);
  // The same service, reached through the front.
  staff = await signedIn({ ...test, service: { ...test.service, baseUrl: frontUrl() } });
  const dataDir = path.join(test.dir, 'cli-data');
  await mkdir(dataDir, { recursive: true });
  cliEnv = {
    PATH: process.env.PATH,
    HOME: test.dir,
    KIOSK_DATA_DIR: dataDir,
    KIOSK_BASE_URL: frontUrl(),
    KIOSK_AUTH_URL: test.service.authUrl,
  };
  const login = await cliLogin(cliEnv, LIBRARIAN);
  if (login.code !== 0) throw new Error(`login exited ${login.code}: ${login.stdout}`);
}, 60_000);

afterAll(async () => {
  staff?.dispose();
  await new Promise((resolve) => front.close(resolve));
  await new Promise((resolve) => other.close(resolve));
  await test?.stop();
});

beforeEach(() => {
  mode = 'forward';
  elsewhere.length = 0;
});

const otherOrigin = () => `http://127.0.0.1:${(other.address() as AddressInfo).port}`;

describe('a redirect from the service', () => {
  it('is not followed on check-out: the other origin receives nothing', async () => {
    mode = 'redirect';
    const result = await staff.client.checkOut({
      itemBarcode: asItem(itemBarcode(11)),
      memberBarcode: asMember(memberBarcode(1)),
    });
    expect(elsewhere).toEqual([]);
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'redirected',
        operation: 'checkOut',
        status: 307,
        target: otherOrigin(),
        outcome: 'not-applied',
      },
    });
    // The patron sees the service as unavailable, never the item as lent.
    expect(result.ok || circulationMessage(result.error)).toEqual({ kind: 'unavailable' });
  });

  it('is not followed on a member look-up (GET) either', async () => {
    mode = 'redirect';
    const result = await staff.client.memberByBarcode(asMember(memberBarcode(1)));
    expect(elsewhere).toEqual([]);
    expect(result.ok || result.error).toMatchObject({
      kind: 'redirected',
      operation: 'memberByBarcode',
      target: otherOrigin(),
      outcome: 'not-applied',
    });
  });

  it('is a service error in the CLI, with a non-zero exit and nothing sent elsewhere', async () => {
    mode = 'redirect';
    const run = await cli(['checkout', itemBarcode(12), memberBarcode(1)]);
    expect(elsewhere).toEqual([]);
    expect(run.code).toBe(6);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `error: checkOut: service error, the answer redirected to ${otherOrigin()} (307); not followed\n`,
    );
  });
});

describe('an answer that names another item or card', () => {
  it('is an error on check-out, shown to the patron as not done', async () => {
    mode = 'rewrite-item';
    const result = await staff.client.checkOut({
      itemBarcode: asItem(itemBarcode(13)),
      memberBarcode: asMember(memberBarcode(1)),
    });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'mismatched-answer',
        operation: 'checkOut',
        field: 'itemBarcode',
        outcome: 'unknown',
      },
    });
    expect(result.ok || circulationMessage(result.error)).toEqual({ kind: 'outcome-unknown' });
  });

  it('is an error on check-out when the card differs', async () => {
    mode = 'rewrite-card';
    const result = await staff.client.checkOut({
      itemBarcode: asItem(itemBarcode(14)),
      memberBarcode: asMember(memberBarcode(1)),
    });
    expect(result.ok || result.error).toMatchObject({
      kind: 'mismatched-answer',
      field: 'memberBarcode',
    });
  });

  it('is an error on check-in', async () => {
    mode = 'forward';
    await staff.client.checkOut({
      itemBarcode: asItem(itemBarcode(15)),
      memberBarcode: asMember(memberBarcode(1)),
    });
    mode = 'rewrite-item';
    const result = await staff.client.checkIn(asItem(itemBarcode(15)));
    expect(result.ok || result.error).toMatchObject({
      kind: 'mismatched-answer',
      operation: 'checkIn',
      field: 'itemBarcode',
    });
  });

  it('is a service error in the CLI, with a non-zero exit and no item printed as lent', async () => {
    mode = 'rewrite-item';
    const run = await cli(['checkout', itemBarcode(16), memberBarcode(1)]);
    expect(run.code).toBe(6);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'error: checkOut: service error, the answer names another item than the request\n',
    );
  });

  it('is an error when another item is named under another spelling of the field', async () => {
    mode = 'respell-item';
    const result = await staff.client.checkOut({
      itemBarcode: asItem(itemBarcode(17)),
      memberBarcode: asMember(memberBarcode(1)),
    });
    expect(result.ok || result.error).toMatchObject({
      kind: 'mismatched-answer',
      field: 'itemBarcode',
    });
  });

  it('is no mismatch when the answer names no item or card at all', async () => {
    mode = 'strip-barcodes';
    const result = await staff.client.checkOut({
      itemBarcode: asItem(itemBarcode(18)),
      memberBarcode: asMember(memberBarcode(1)),
    });
    expect(result.ok).toBe(true);
  });
});
