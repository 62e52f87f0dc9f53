import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberBarcode } from '../../../src-reference-service/barcode';
import { accessToken } from '../../support/service-oauth';

/** `npm run service -- --dialect NAME`: the service's own command line, run as npm runs it. */
const TSX = path.resolve('node_modules/.bin/tsx');
const ANY_PORT = ['--base-port', '0', '--auth-port', '0', '--blob-port', '0'];

let dir: string;

function service(args: string[]): ChildProcess {
  return spawn(
    TSX,
    ['src-reference-service/cli.ts', '--data-dir', path.join(dir, 'data'), ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

/** Resolves with the printed addresses once the service is up; rejects if it exits first. */
function started(child: ChildProcess): Promise<{ baseUrl: string; authUrl: string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    let errText = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const base = /^base_url\s+(\S+)$/m.exec(out)?.[1];
      const auth = /^auth_url\s+(\S+)$/m.exec(out)?.[1];
      if (base && auth && /^dialect/m.test(out)) resolve({ baseUrl: base, authUrl: auth });
    });
    child.stderr?.on('data', (chunk: Buffer) => (errText += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`service exited ${code}: ${errText}`)));
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'service-cli-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the service command line with --dialect snake', () => {
  let child: ChildProcess;
  let baseUrl: string;
  let token: string;

  beforeAll(async () => {
    child = service(['--dialect', 'snake', ...ANY_PORT]);
    const urls = await started(child);
    baseUrl = urls.baseUrl;
    token = await accessToken(urls.authUrl);
  }, 60_000);

  afterAll(async () => {
    if (child.exitCode !== null) return;
    const done = exited(child);
    child.kill('SIGTERM');
    await done;
  });

  const get = async (route: string): Promise<unknown> => {
    const answer = await fetch(`${baseUrl}${route}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    expect(answer.status).toBe(200);
    return answer.json();
  };

  const keysOf = (value: unknown): string[] =>
    value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([name, inner]) => [
          ...(Array.isArray(value) ? [] : [name]),
          ...keysOf(inner),
        ])
      : [];

  it('answers a list as a bare array of snake_case records', async () => {
    const branches = await get('/api/listbranch');
    expect(Array.isArray(branches)).toBe(true);
    expect(branches).toEqual(
      expect.arrayContaining([expect.objectContaining({ library_id: expect.any(String) })]),
    );
    for (const name of keysOf(branches)) expect(name).toMatch(/^[a-z0-9]+(?:_[a-z0-9]+)*$/);
  });

  it('answers a member lookup in snake_case, with its loans', async () => {
    const lookup = await get(`/api/lmmemberbycard/${memberBarcode(5)}`);
    expect(lookup).toMatchObject({ member: { cardnumber: memberBarcode(5) }, loans: [{}, {}, {}] });
    for (const name of keysOf(lookup)) expect(name).toMatch(/^[a-z0-9]+(?:_[a-z0-9]+)*$/);
  });
});

describe('the service command line with an unknown dialect', () => {
  it('refuses to start, naming the dialect and the ones it knows, with exit code 2', async () => {
    const run = await exited(service(['--dialect', 'klingon', ...ANY_PORT]));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'Unknown dialect: klingon (use one of reference, camel, snake, dotnet, drf)',
    );
  }, 30_000);
});
