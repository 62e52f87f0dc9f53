import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runSoak } from '../../bench/soak/driver';
import type { SoakResult } from '../../bench/soak/driver';

// The renderer the other E2E tests use (see harness.ts).
const RENDERER_DIR = path.resolve(process.env.KIOSK_E2E_RENDERER_DIR || 'dist/renderer');
const CHECK_OUTS = 60;

/**
 * A short day of `npm run soak` (bench/soak.ts): the kiosk in a process of its own, about 120
 * sessions over the IPC protocol and one in ten in Chromium, with walk-away timeouts, language
 * switches and staff visits. It fails on resources that are not given back: counts, not timings.
 */
describe('a short soak of the kiosk', () => {
  let result: SoakResult;

  beforeAll(async () => {
    result = await runSoak({
      checkOuts: CHECK_OUTS,
      sampleEvery: 15,
      chromiumEvery: 10,
      timeoutEvery: 30,
      languageEvery: 7,
      staffEvery: 30,
      returnAfter: 20,
      rendererDir: RENDERER_DIR,
    });
    // Counts, not timings: the limit only stops a day that hangs (a day of 120 check-outs took
    // 56 to 63 s with the machine otherwise idle).
  }, 420_000);

  it('runs every session of the day, each of its lines lent or returned', () => {
    expect(result.leak).toBeUndefined();
    expect(result.sessions.checkOut).toBe(CHECK_OUTS);
    expect(result.sessions.checkIn).toBe(CHECK_OUTS);
    expect(result.sessions.chromium).toBeGreaterThanOrEqual(11);
    expect(result.sessions.timedOut).toBe(2);
    expect(result.staffVisits).toBe(2);
    expect(result.languageSwitches).toBe(8);
    expect(result.lineErrors).toBe(0);
  });

  it('gives back every file descriptor and socket after each session', () => {
    expect(result.over.fds ?? 0).toBe(0);
    expect(result.over.sockets ?? 0).toBe(0);
    expect(result.over.tcp ?? 0).toBe(0);
    for (const sample of result.samples) {
      expect(sample.host.counts.fds).toBeLessThanOrEqual(result.baseline.fds);
      expect(sample.host.counts.sockets).toBeLessThanOrEqual(result.baseline.sockets);
    }
  });

  it('clears every timer it started for a session', () => {
    expect(result.over.timers ?? 0).toBe(0);
    expect(result.over.refTimers ?? 0).toBe(0);
    for (const sample of result.samples) {
      expect(sample.host.counts.timers).toBeLessThanOrEqual(result.baseline.timers);
    }
  });

  it('keeps the same DOM on the attract screen, with no nodes or listeners left behind', () => {
    expect(result.over.elements ?? 0).toBe(0);
    const [, second, ...rest] = result.samples;
    expect(rest.length).toBeGreaterThan(0);
    for (const sample of rest) {
      expect(sample.renderer.elements).toBe(second?.renderer.elements);
      expect(sample.renderer.nodes).toBeLessThanOrEqual(second?.renderer.nodes ?? 0);
      expect(sample.renderer.listeners).toBeLessThanOrEqual(second?.renderer.listeners ?? 0);
    }
  });
});
