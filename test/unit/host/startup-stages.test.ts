import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SLOW_STAGE_MS,
  endStartupWatches,
  startupStages,
} from '../../../src-main/host/startup-stages';
import { captureLogs } from '../../support/log-capture';

let logs: ReturnType<typeof captureLogs>;

beforeEach(() => {
  logs = captureLogs('debug');
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  logs.restore();
});

describe('start-up stage lines', () => {
  it('logs one line per stage with its duration since the previous stage', () => {
    let clock = 1000;
    const stages = startupStages('electron', 'settings', () => clock);
    clock += 12.4;
    stages.mark('settings', 'app ready');
    clock += 300;
    stages.mark('app ready');
    expect(logs.records.map((record) => [record.scope, record.message, record.data])).toEqual([
      [
        'start-up',
        'electron start-up stage: settings (12 ms)',
        { path: 'electron', stage: 'settings', ms: 12 },
      ],
      [
        'start-up',
        'electron start-up stage: app ready (300 ms)',
        { path: 'electron', stage: 'app ready', ms: 300 },
      ],
    ]);
  });

  it('names the stage a start is stuck in, once it has run for SLOW_STAGE_MS', () => {
    const stages = startupStages('boot', 'library service', () => 0);
    stages.mark('library service', 'staff sign-in');
    vi.advanceTimersByTime(SLOW_STAGE_MS - 1);
    expect(logs.text()).not.toContain('still in stage');
    vi.advanceTimersByTime(1);
    expect(logs.records.at(-1)).toMatchObject({
      level: 'warn',
      message: 'boot start-up still in stage: staff sign-in',
    });
  });

  it('forgets a start that failed mid-stage once the same path starts again', () => {
    startupStages('kiosk', 'library service');
    const again = startupStages('kiosk', 'library service');
    again.mark('library service');
    vi.advanceTimersByTime(SLOW_STAGE_MS * 2);
    expect(logs.text()).not.toContain('still in stage');
  });

  it('says nothing of any start stopped midway once the watches are ended', () => {
    startupStages('electron', 'app ready');
    startupStages('kiosk', 'scanner');
    endStartupWatches();
    vi.advanceTimersByTime(SLOW_STAGE_MS * 2);
    expect(logs.text()).not.toContain('still in stage');
  });

  it('says nothing more once the start is over', () => {
    const stages = startupStages('web host', 'kiosk');
    stages.mark('kiosk', 'web host listening');
    stages.done();
    vi.advanceTimersByTime(SLOW_STAGE_MS * 2);
    expect(logs.text()).not.toContain('still in stage');
  });
});
