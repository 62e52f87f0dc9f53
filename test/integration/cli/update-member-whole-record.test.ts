import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src-main/cli/main';
import { cliLogin } from '../../support/cli-login';
import { LIBRARIAN, signedIn, startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';

/**
 * `update-member` against a service whose member PUT replaces the record (--member-put replace):
 * the CLI sends the whole member with the named fields changed, so nothing else is emptied.
 */
let test: TestService;
let env: Record<string, string | undefined>;

async function cli(args: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.resume();
  const code = await main(args, env, { stdout, stderr }, new AbortController().signal);
  return { code, stdout: out };
}

async function member(id: string) {
  const staff = await signedIn(test);
  const found = await staff.client.getMember(id);
  staff.dispose();
  if (!found.ok) throw new Error(`getMember ${id}: ${found.error.kind}`);
  const { extra: _extra, ...record } = found.value;
  return record;
}

beforeAll(async () => {
  test = await startTestService({ memberPut: 'replace' });
  const dataDir = path.join(test.dir, 'cli-data');
  await mkdir(dataDir, { recursive: true });
  env = {
    PATH: process.env.PATH,
    HOME: test.dir,
    KIOSK_DATA_DIR: dataDir,
    KIOSK_BASE_URL: test.service.baseUrl,
    KIOSK_AUTH_URL: test.service.authUrl,
  };
  const login = await cliLogin(env, LIBRARIAN);
  if (login.code !== 0) throw new Error(`login exited ${login.code}: ${login.stdout}`);
}, 60_000);

afterAll(async () => {
  await test?.stop();
});

describe('update-member against a service whose PUT replaces the member', () => {
  it('changes the phone number and leaves every other field as it was', async () => {
    const before = await member('1045');
    const run = await cli(['update-member', '1045', '--PhoneNo', '+353 1 555 0145']);
    expect(run.code).toBe(0);
    expect(await member('1045')).toEqual({ ...before, phone: '+353 1 555 0145' });
  });
});
