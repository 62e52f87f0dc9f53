import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileVaultPaths } from '../../../src-main/vault/file-vault';
import { runCli } from '../../support/run-cli';

describe('library-kiosk and the data folder it shares with the web host', () => {
  it('refuses to read a vault key that is a symbolic link, naming the file', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cli-files-'));
    const elsewhere = path.join(await mkdtemp(path.join(tmpdir(), 'cli-elsewhere-')), 'key');
    await writeFile(elsewhere, 'not a key', { mode: 0o600 });
    const { keyFile } = fileVaultPaths(dataDir);
    await mkdir(path.dirname(keyFile), { recursive: true, mode: 0o700 });
    await symlink(elsewhere, keyFile);
    const result = await runCli(['whoami'], { ...process.env, KIOSK_DATA_DIR: dataDir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(keyFile);
  });
});
