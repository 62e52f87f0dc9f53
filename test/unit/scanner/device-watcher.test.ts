import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HidrawWatcher } from '../../../src-main/scanner/device-watcher';
import { createLogger } from '../../../src-shared/log/logger';
import { captureLogs } from './capture-logs';

const logs = captureLogs();
const cleanup: (() => void)[] = [];

afterEach(() => {
  for (const step of cleanup.splice(0)) step();
});

function watchTempDir(settleMs = 50) {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-dev-'));
  const watcher = new HidrawWatcher(createLogger('test'), dir, settleMs);
  let changes = 0;
  watcher.start(() => changes++);
  cleanup.push(() => {
    watcher.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir, changes: () => changes };
}

describe('hidraw watcher (real inotify on a temporary directory)', () => {
  it('reports a hidraw node appearing', async () => {
    const { dir, changes } = watchTempDir();
    writeFileSync(join(dir, 'hidraw3'), '');
    await vi.waitFor(() => expect(changes()).toBe(1));
  });

  it('reports a hidraw node vanishing', async () => {
    const { dir, changes } = watchTempDir();
    writeFileSync(join(dir, 'hidraw3'), '');
    await vi.waitFor(() => expect(changes()).toBe(1));
    rmSync(join(dir, 'hidraw3'));
    await vi.waitFor(() => expect(changes()).toBe(2));
  });

  it('coalesces a burst of node events into one change', async () => {
    const { dir, changes } = watchTempDir(150);
    for (let i = 0; i < 5; i++) writeFileSync(join(dir, `hidraw${i}`), '');
    await vi.waitFor(() => expect(changes()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(changes()).toBe(1);
  });

  it('ignores other device nodes', async () => {
    const { dir, changes } = watchTempDir();
    writeFileSync(join(dir, 'ttyUSB0'), '');
    writeFileSync(join(dir, 'hidraw1'), '');
    await vi.waitFor(() => expect(changes()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(changes()).toBe(1);
  });

  it('falls back to slow enumeration when the directory cannot be watched', () => {
    const watcher = new HidrawWatcher(createLogger('test'), '/nonexistent-kiosk-dir');
    watcher.start(() => {});
    cleanup.push(() => watcher.stop());
    expect(logs.some((record) => record.message.includes('falling back'))).toBe(true);
  });
});
