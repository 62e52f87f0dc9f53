import { mkdtempSync, rmSync, watch, writeFileSync } from 'node:fs';
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

/**
 * Resolves once inotify has delivered an event for `name` in `dir`. libuv reads the events of one
 * directory once and hands each to every watcher of it in turn, so by then the watcher under test
 * has had it too: the evidence that nothing more is on its way, instead of a sleep.
 */
function delivered(dir: string, name: string): Promise<void> {
  return new Promise((resolve) => {
    const observer = watch(dir, { persistent: false }, (_event, seen) => {
      if (seen !== name) return;
      observer.close();
      resolve();
    });
    cleanup.push(() => observer.close());
  });
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

  describe('on fake timers (the settle delay moved on by the test)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('coalesces a burst of node events into one change, settleMs after the last', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { dir, changes } = watchTempDir(150);
      const last = delivered(dir, 'hidraw4');
      for (let i = 0; i < 5; i++) writeFileSync(join(dir, `hidraw${i}`), '');
      await last;
      vi.advanceTimersByTime(149);
      expect(changes()).toBe(0);
      vi.advanceTimersByTime(1);
      // Every event is in and no settle timer is left: nothing more can come of this burst.
      expect([changes(), vi.getTimerCount()]).toEqual([1, 0]);
    });

    it('ignores other device nodes', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { dir, changes } = watchTempDir();
      const other = delivered(dir, 'ttyUSB0');
      writeFileSync(join(dir, 'ttyUSB0'), '');
      await other;
      expect([changes(), vi.getTimerCount()]).toEqual([0, 0]);
      const hidraw = delivered(dir, 'hidraw1');
      writeFileSync(join(dir, 'hidraw1'), '');
      await hidraw;
      vi.advanceTimersByTime(50);
      expect([changes(), vi.getTimerCount()]).toEqual([1, 0]);
    });
  });

  it('falls back to slow enumeration when the directory cannot be watched', () => {
    const watcher = new HidrawWatcher(createLogger('test'), '/nonexistent-kiosk-dir');
    watcher.start(() => {});
    cleanup.push(() => watcher.stop());
    expect(logs.some((record) => record.message.includes('falling back'))).toBe(true);
  });
});
