import { spawnSync } from 'node:child_process';
import type { SpawnSyncReturns } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the web host (from source, as the station recipe runs it) on `dataDir` and waits for it
 * to exit: for start-ups the kiosk must refuse. One that starts instead is killed after 30 s, and
 * the test sees the exit status it expected missing.
 */
export function runWebHostStart(dataDir: string): SpawnSyncReturns<string> {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src-main/web-host/main.ts', '--port', '0'],
    {
      cwd: ROOT,
      env: { ...process.env, KIOSK_DATA_DIR: dataDir, KIOSK_LOG_LEVEL: 'error' },
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
}
