import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sip2ProbeReport } from '../../../src-main/library-client/sip2/probe';
import { runCli } from '../../support/run-cli';
import { startAcs, stopAcses } from '../../support/sip2-test-acs';

/**
 * `library-kiosk probe --sip2` as an integrator runs it, the settings given as flags and the
 * login password on stdin: a clean run in words, and a refused login as JSON with exit code 3.
 */
let port = 0;
let dir = '';
let env: Record<string, string | undefined> = {};

beforeAll(async () => {
  port = await startAcs({
    password: 'demo-pass',
    terminator: 'CR',
    checksums: true,
    institution: 'MAIN',
  });
  dir = await mkdtemp(path.join(os.tmpdir(), 'sip2-probe-cli-'));
  env = { PATH: process.env.PATH, HOME: dir, KIOSK_DATA_DIR: dir };
});

afterAll(async () => {
  await stopAcses();
  await rm(dir, { recursive: true, force: true });
});

const flags = () => [
  'probe',
  '--sip2',
  '--host',
  '127.0.0.1',
  '--port',
  String(port),
  '--user',
  'kiosk',
  '--institution',
  'MAIN',
  '--location',
  'MAIN',
  '--card',
  '1000001',
  '--item',
  '3000001',
];

describe('library-kiosk probe --sip2', () => {
  it('prints each step, the ACS status and that nothing needs fixing', async () => {
    const run = await runCli(flags(), env, 'demo-pass\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^STEP +RESULT +DETAIL/);
    expect(run.stdout).toMatch(/login +ok +logged in as kiosk/);
    expect(run.stdout).toContain(
      'ACS: online yes, check-out yes, check-in yes, renewal no; institution MAIN',
    );
    expect(run.stdout).toMatch(/64 +feeAmount +BV +not-understood/);
    // In number order, 09 first (an object would put it after the whole-number keys).
    expect(run.stdout).toContain(
      'Supported (BX): yes 09 11 17 23 29 35 63 93 99; no 01 15 19 25 37 65 97; not said -',
    );
    expect(run.stdout).toContain(
      'Patrons get: card look-up yes, borrowing yes, returns yes, renewals no (its status flag)',
    );
    expect(run.stdout).not.toContain('Idle line');
    expect(run.stdout).toContain('Nothing to fix: the settings match what the server sends.');
    expect(run.stdout + run.stderr).not.toContain('demo-pass');
  });

  it('a wrong password: exit code 3, the hint in JSON, the password nowhere in the output', async () => {
    const run = await runCli([...flags(), '--json'], env, 'not-the-password\n');
    expect(run.code).toBe(3);
    const report = JSON.parse(run.stdout) as Sip2ProbeReport;
    expect(report.hints.map(({ hint }) => hint)).toEqual(['login-refused']);
    expect(run.stdout + run.stderr).not.toContain('not-the-password');
  });

  it('with the sip2 settings saved and the password stored by set-sip2-password: no flag, nothing on stdin', async () => {
    const saved = path.join(dir, 'saved');
    await mkdir(saved);
    const savedEnv = { ...env, KIOSK_DATA_DIR: saved };
    const sip2 = {
      host: '127.0.0.1',
      port,
      loginUser: 'kiosk',
      institutionId: 'MAIN',
      locationCode: 'MAIN',
      testCard: '1000001',
      testItem: '3000001',
      heartbeatSeconds: 1,
    };
    await writeFile(path.join(saved, 'settings.json'), JSON.stringify({ sip2 }));
    const stored = await runCli(['set-sip2-password'], savedEnv, 'demo-pass\n');
    expect(stored.code).toBe(0);
    const run = await runCli(['probe', '--sip2'], savedEnv);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/login +ok +logged in as kiosk/);
    expect(run.stdout).toContain('Nothing to fix: the settings match what the server sends.');
    expect(run.stderr).not.toContain('SIP2 login password:');
    // Asked for, a quiet line is watched for the saved heartbeat; this ACS keeps it open.
    const watched = await runCli(['probe', '--sip2', '--idle-check'], savedEnv);
    expect(watched.code).toBe(0);
    expect(watched.stdout).toMatch(/idle +ok/);
    expect(watched.stdout).toContain('Idle line: kept open for 1 s (heartbeat 1 s)');
  });

  it('no host: the usage line, exit code 2', async () => {
    const run = await runCli(['probe', '--sip2'], env);
    expect(run.code).toBe(2);
    expect(run.stderr + run.stdout).toContain('a host is needed: sip2.host or --host');
  });
});
