import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileVaultPaths } from '../../../src-main/vault/file-vault';

function runCli(
  dataDir: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/library-kiosk.js', ...args], {
      env: { ...process.env, KIOSK_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('library-kiosk and the data folder it shares with the web host', () => {
  it('refuses to read a vault key that is a symbolic link, naming the file', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cli-files-'));
    const elsewhere = path.join(await mkdtemp(path.join(tmpdir(), 'cli-elsewhere-')), 'key');
    await writeFile(elsewhere, 'not a key', { mode: 0o600 });
    const { keyFile } = fileVaultPaths(dataDir);
    await mkdir(path.dirname(keyFile), { recursive: true, mode: 0o700 });
    await symlink(elsewhere, keyFile);
    const result = await runCli(dataDir, ['whoami']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(keyFile);
  });
});
