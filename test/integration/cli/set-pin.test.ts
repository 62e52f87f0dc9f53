import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPinGate } from '../../../src-main/staff-pin/gate';
import { runCli } from '../../support/run-cli';
import type { CliRun } from '../../support/run-cli';

function runSetPin(dataDir: string, input: string): Promise<CliRun> {
  return runCli(['set-pin'], { ...process.env, KIOSK_DATA_DIR: dataDir }, input);
}

describe('library-kiosk set-pin', () => {
  it('stores only a scrypt hash of the PIN, which then opens the staff PIN gate', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'set-pin-'));
    const result = await runSetPin(dataDir, '482193\n');
    expect(result.code).toBe(0);
    const file = path.join(dataDir, 'settings.json');
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('482193');
    const pinHash = (JSON.parse(text) as { staff: { pinHash: string } }).staff.pinHash;
    expect(pinHash).toMatch(/^scrypt\$/);
    expect(await createPinGate(pinHash).check('482193')).toEqual({ accepted: true });
    expect((await stat(file)).mode & 0o077).toBe(0);
  });

  it('refuses a new PIN that is not 6 to 12 digits with exit code 2 and writes nothing', async () => {
    for (const pin of ['12ab56', '4821']) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'set-pin-'));
      const result = await runSetPin(dataDir, `${pin}\n`);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('6 to 12 digits');
      await expect(stat(path.join(dataDir, 'settings.json'))).rejects.toThrow();
    }
  });
});
