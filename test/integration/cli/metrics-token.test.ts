import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bearerAuthorized, tokenSha256 } from '../../../src-main/metrics/scrape-auth';
import { runCli } from '../../support/run-cli';

function runMetricsToken(dataDir: string, args: string[] = []) {
  return runCli(['metrics-token', ...args], { ...process.env, KIOSK_DATA_DIR: dataDir }, '');
}

interface Stored {
  metrics: { bearerTokenSha256: string; enabled?: boolean; host?: string };
}

describe('library-kiosk metrics-token', () => {
  it('prints a fresh random token alone on stdout and stores only its SHA-256, other settings kept', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'metrics-token-'));
    const file = path.join(dataDir, 'settings.json');
    await writeFile(
      file,
      JSON.stringify({
        metrics: {
          enabled: true,
          host: '0.0.0.0',
          bearerTokenSha256: 'b'.repeat(64),
          tlsCertFile: '/etc/library-kiosk/metrics-cert.pem',
          tlsKeyFile: '/etc/library-kiosk/metrics-key.pem',
        },
      }),
    );
    const first = await runMetricsToken(dataDir);
    expect(first.code).toBe(0);
    const token = first.stdout.trim();
    // 32 random bytes, base64url: 43 characters a credentials_file holds as they are.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.stdout).toBe(`${token}\n`);
    expect(first.stderr).toContain("Prometheus's credentials_file");
    expect(first.stderr).not.toContain(token);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(token);
    const stored = JSON.parse(text) as Stored;
    expect(stored.metrics).toEqual({
      enabled: true,
      host: '0.0.0.0',
      bearerTokenSha256: tokenSha256(token),
      tlsCertFile: '/etc/library-kiosk/metrics-cert.pem',
      tlsKeyFile: '/etc/library-kiosk/metrics-key.pem',
    });
    expect(bearerAuthorized(`Bearer ${token}`, stored.metrics.bearerTokenSha256)).toBe(true);
    expect((await stat(file)).mode & 0o077).toBe(0);

    const second = await runMetricsToken(dataDir, ['--json']);
    const printed = JSON.parse(second.stdout) as { token: string };
    expect(printed.token).not.toBe(token);
    const replaced = JSON.parse(await readFile(file, 'utf8')) as Stored;
    expect(replaced.metrics.bearerTokenSha256).toBe(tokenSha256(printed.token));
  });

  it('writes nothing over a settings file it cannot read', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'metrics-token-'));
    const file = path.join(dataDir, 'settings.json');
    await writeFile(file, '{ not json');
    const result = await runMetricsToken(dataDir);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(await readFile(file, 'utf8')).toBe('{ not json');
  });
});
