import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSip2 } from '../../../src-reference-service/index';
import { loggedInWire } from '../../support/sip2-wire';

/** `npm run service -- --sip2-port N ...`: the service's own command line, run as npm runs it. */
const TSX = path.resolve('node_modules/.bin/tsx');
const ANY_PORT = ['--base-port', '0', '--auth-port', '0', '--blob-port', '0'];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'service-sip2-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function service(args: string[]): ChildProcess {
  return spawn(
    TSX,
    ['src-reference-service/cli.ts', '--data-dir', path.join(dir, 'data'), ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

function printed(child: ChildProcess, until: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let errText = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (until.test(out)) resolve(out);
    });
    child.stderr?.on('data', (chunk: Buffer) => (errText += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`service exited ${code}: ${errText}`)));
  });
}

describe('npm run service -- --sip2-port 0 --sip2-dialect koha', () => {
  let child: ChildProcess;
  let out: string;
  beforeAll(async () => {
    child = service([...ANY_PORT, '--sip2-port', '0', '--sip2-dialect', 'koha']);
    out = await printed(child, /^SIP2 demo PINs: .+$/m);
  }, 60_000);
  afterAll(async () => {
    if (child.exitCode !== null) return;
    const done = new Promise((resolve) => child.on('close', resolve));
    child.kill('SIGTERM');
    await done;
  });

  it('prints where it listens, its dialect, its login and the demo PINs', () => {
    expect(out).toMatch(/^SIP2 {6}127\.0\.0\.1:\d+, dialect koha, utf-8$/m);
    expect(out).toMatch(
      /^SIP2 login \(CN \/ CO\) kiosk-sip2 \/ demo-sip2-login, institution \(AO\) HCL$/m,
    );
    expect(out).toMatch(/^SIP2 demo PINs: 24410000000011 1234, /m);
  });

  it('answers a login there, in the dialect printed (CR LF)', async () => {
    const port = Number(/^SIP2 {6}127\.0\.0\.1:(\d+)/m.exec(out)?.[1]);
    const running: RunningSip2 = {
      host: '127.0.0.1',
      port,
      loginUser: 'kiosk-sip2',
      loginPassword: 'demo-sip2-login',
      institutionId: 'HCL',
      dialect: 'koha',
      encoding: 'utf-8',
    };
    const wire = await loggedInWire(running);
    const { bytes } = await wire.send({
      code: '99',
      fixed: { statusCode: '0', maxPrintWidth: '040', protocolVersion: '2.00' },
      fields: {},
    });
    wire.close();
    expect(Buffer.from(bytes.subarray(-2)).toString('latin1')).toBe('\r\n');
  });
});

describe.concurrent('npm run service with SIP2 flags it refuses', () => {
  it.each([
    [
      ['--sip2-port', '0', '--sip2-dialect', 'sierra'],
      'Unknown SIP2 dialect: sierra (use one of standard, koha, evergreen, folio, sipserver)',
    ],
    [['--sip2-tls', '--sip2-dialect', 'koha'], '--sip2-tls, --sip2-dialect need --sip2-port'],
  ])('%j exits 2 with the reason', async (args, reason) => {
    const child = service([...ANY_PORT, ...args]);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect([code, stderr.split('\n')[0]]).toEqual([2, reason]);
  });
});
