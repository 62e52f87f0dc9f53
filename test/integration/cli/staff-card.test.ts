import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchesStaffCard } from '../../../src-main/staff-pin/staff-card';
import { runCli } from '../../support/run-cli';

function staffCard(dataDir: string, args: string[] = []) {
  return runCli(['staff-card', ...args], { ...process.env, KIOSK_DATA_DIR: dataDir }, '');
}

interface Stored {
  kiosk?: { branchName?: string };
  staff?: { cardHash?: string; pinHash?: string };
}

describe('library-kiosk staff-card (issue 35, item 3)', () => {
  it('prints a new card code once and stores only its hash, other settings kept; the next replaces it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'staff-card-'));
    const file = path.join(dataDir, 'settings.json');
    await writeFile(file, JSON.stringify({ kiosk: { branchName: 'Hillside' } }));
    const first = await staffCard(dataDir, ['--json']);
    expect(first.code).toBe(0);
    const { code } = JSON.parse(first.stdout) as { code: string };
    expect(code).toMatch(/^LKS[0-9A-HJKMNP-TV-Z]{22}$/);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(code);
    const stored = JSON.parse(text) as Stored;
    expect(stored.kiosk).toEqual({ branchName: 'Hillside' });
    expect(matchesStaffCard(code, stored.staff?.cardHash)).toBe(true);
    expect((await stat(file)).mode & 0o077).toBe(0);

    const second = await staffCard(dataDir);
    expect(second.code).toBe(0);
    const next = /Staff card code: (LKS\w+)/.exec(second.stdout)?.[1];
    expect(next).toBeDefined();
    expect(second.stdout).toContain('Print it as a Code 128 barcode');
    const replaced = JSON.parse(await readFile(file, 'utf8')) as Stored;
    expect(matchesStaffCard(code, replaced.staff?.cardHash)).toBe(false);
    expect(matchesStaffCard(next!, replaced.staff?.cardHash)).toBe(true);

    const removed = await staffCard(dataDir, ['--remove']);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe('Staff card removed.\n');
    expect((JSON.parse(await readFile(file, 'utf8')) as Stored).staff?.cardHash).toBeUndefined();
  });

  it('never writes over a settings file it cannot read', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'staff-card-'));
    const file = path.join(dataDir, 'settings.json');
    await writeFile(file, '{ not json');
    const run = await staffCard(dataDir);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(await readFile(file, 'utf8')).toBe('{ not json');
  });
});
