import { createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parsePublicKey, readFleetFile } from '../../../src-main/settings/fleet-file';
import { runCliInProcess } from '../../support/run-cli';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fleet-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[]) => runCliInProcess(args);

const EXPORT = JSON.stringify({
  format: 'library-kiosk-settings',
  version: 1,
  exportedAt: '2026-11-26T03:00:00.000Z',
  appVersion: '0.0.0',
  settings: { kiosk: { branchName: 'North' } },
});

describe('fleet-key and sign-settings', () => {
  it('makes a key pair and signs an export the kiosk then reads with the printed key', async () => {
    const keyFile = path.join(dir, 'fleet-key.pem');
    const made = await cli(['fleet-key', keyFile, '--json']);
    expect(made.code).toBe(0);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const { publicKey } = JSON.parse(made.stdout) as { publicKey: string };
    expect(createPublicKey(readFileSync(keyFile)).asymmetricKeyType).toBe('ed25519');

    const exportFile = path.join(dir, 'export.json');
    writeFileSync(exportFile, EXPORT);
    const signed = await cli(['sign-settings', '--key', keyFile, '--version', '4', exportFile]);
    expect(signed.code).toBe(0);
    const key = parsePublicKey(publicKey);
    if (!key.ok) throw new Error('the printed key is not usable');
    expect(readFleetFile(signed.stdout, key.value)).toMatchObject({
      ok: true,
      value: { version: 4, exportText: EXPORT },
    });
  });

  it('never writes over an existing key', async () => {
    const keyFile = path.join(dir, 'fleet-key.pem');
    writeFileSync(keyFile, 'old');
    const made = await cli(['fleet-key', keyFile]);
    expect(made.code).toBe(2);
    expect(made.stderr).toBe(
      `error: ${keyFile} exists already: a new key would not match the kiosks' fleet.publicKey\n`,
    );
    expect(readFileSync(keyFile, 'utf8')).toBe('old');
  });

  it.each([
    [
      ['--version', '0'],
      'sign-settings --key <private-key.pem> --version <N, a whole number above 0> [--allow <change,...>] <export.json>',
    ],
    [
      ['--version', 'x'],
      'sign-settings --key <private-key.pem> --version <N, a whole number above 0> [--allow <change,...>] <export.json>',
    ],
  ])('refuses a version that is not a whole number above 0 (%j)', async (version, words) => {
    const result = await cli(['sign-settings', '--key', 'k.pem', ...version, 'e.json']);
    expect(result).toMatchObject({ code: 2, stderr: `error: ${words}\n` });
  });

  it('refuses an export the settings schema refuses', async () => {
    const keyFile = path.join(dir, 'fleet-key.pem');
    await cli(['fleet-key', keyFile]);
    const exportFile = path.join(dir, 'export.json');
    writeFileSync(
      exportFile,
      EXPORT.replace('{"kiosk":{"branchName":"North"}}', '{"requestTimeoutMs":5}'),
    );
    const result = await cli(['sign-settings', '--key', keyFile, '--version', '2', exportFile]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(`^error: ${exportFile}: the settings schema refuses requestTimeoutMs \\(`),
    );
    expect(result.stdout).toBe('');
  });

  it('signs the changes --allow names into the policy, and refuses a name it does not know (issue 35, item 2)', async () => {
    const keyFile = path.join(dir, 'fleet-key.pem');
    const { publicKey } = JSON.parse((await cli(['fleet-key', keyFile, '--json'])).stdout) as {
      publicKey: string;
    };
    const exportFile = path.join(dir, 'export.json');
    writeFileSync(exportFile, EXPORT);
    const args = ['sign-settings', '--key', keyFile, '--version', '5'];
    const signed = await cli([
      ...args,
      '--allow',
      'sip2.patronPin, metrics.bearerTokenSha256',
      exportFile,
    ]);
    expect(signed.code).toBe(0);
    const key = parsePublicKey(publicKey);
    if (!key.ok) throw new Error('the printed key is not usable');
    expect(readFleetFile(signed.stdout, key.value)).toMatchObject({
      ok: true,
      value: { version: 5, allow: ['sip2.patronPin', 'metrics.bearerTokenSha256'] },
    });
    const unknown = await cli([...args, '--allow', 'sip2.patronPin,everything', exportFile]);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(
      /^error: --allow names no such change: everything \(the changes are service\.baseUrl, /,
    );
  });
});
