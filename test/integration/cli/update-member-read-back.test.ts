import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src-main/cli/main';
import { cliLogin } from '../../support/cli-login';
import { LIBRARIAN, signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';

/**
 * A deployment that answers a member update with an empty 200 (the interface does not show that
 * body) and then fails the read-back: the update was applied, so the CLI says so and exits 0.
 * The reference service does the update; a proxy in front of it empties the answer and fails the
 * read of that member with a 503.
 */
let test: TestService;
let env: Record<string, string | undefined>;
/** Members whose update went through the proxy: reading them back fails. */
const updated = new Set<string>();
const updatedId = (chunks: Buffer[]): string =>
  String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { Id?: unknown }).Id);

const proxy = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const route = request.url ?? '/';
    // The read before the update (what the whole-record PUT starts from) goes through; the
    // read-back after it fails.
    const id = route.split('/').pop() ?? '';
    if (request.method === 'PUT' && route === '/api/user-member') updated.add(updatedId(chunks));
    if (
      request.method === 'GET' &&
      route.startsWith('/api/userdetails/') &&
      updated.has(decodeURIComponent(id))
    ) {
      response.writeHead(503).end();
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
        const text = await answer.text();
        const emptied = request.method === 'PUT' && route === '/api/user-member';
        response
          .writeHead(answer.status, { 'content-type': 'application/json' })
          .end(emptied && answer.ok ? '' : text);
      })
      .catch(() => response.writeHead(502).end());
  });
});

async function cli(args: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let errText = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (errText += chunk.toString()));
  const code = await main(args, env, { stdout, stderr }, new AbortController().signal);
  return { code, stdout: out, stderr: errText };
}

beforeAll(async () => {
  test = await startTestService();
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const dataDir = path.join(test.dir, 'cli-data');
  await mkdir(dataDir, { recursive: true });
  env = {
    PATH: process.env.PATH,
    HOME: test.dir,
    KIOSK_DATA_DIR: dataDir,
    KIOSK_BASE_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    KIOSK_AUTH_URL: test.service.authUrl,
  };
  const login = await cliLogin(env, LIBRARIAN);
  if (login.code !== 0) throw new Error(`login exited ${login.code}: ${login.stdout}`);
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await test?.stop();
});

describe('update-member when the member cannot be read back', () => {
  it('says the update was applied, warns that it could not be read back, and exits 0', async () => {
    const run = await cli(['update-member', '1030', '--city', 'Kinsale']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('updated member 1030 (not read back: see the warning above)\n');
    expect(run.stderr).toMatch(
      /^warning: the update was applied, but the member could not be read back: \S/,
    );
  });

  it('prints the same as JSON, with the warning', async () => {
    const run = await cli(['update-member', '1031', '--city', 'Kinsale', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      id: '1031',
      updated: true,
      warning: expect.stringMatching(/^the update was applied, but the member could not be read/),
    });
  });

  it('has applied the update at the service', async () => {
    const staff = await signedIn(test);
    const member = await staff.client.getMember('1030');
    staff.dispose();
    expect(member).toMatchObject({ ok: true, value: { id: '1030', city: 'Kinsale' } });
  });

  it('still reports a refused update as an error', async () => {
    const run = await cli(['update-member', '1032', '--userbarcode', '123']);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^error: updateMember refused \(400/);
  });
});
