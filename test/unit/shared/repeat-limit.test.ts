import { describe, expect, it } from 'vitest';
import { limitRepeats } from '../../../src-shared/log/repeat-limit';
import type { Logger } from '../../../src-shared/log/logger';

/** A logger that keeps what it is asked to write. */
function recorder(): Logger & { lines: [string, string, unknown][] } {
  const lines: [string, string, unknown][] = [];
  const logger = {
    lines,
    debug: (message: string, data?: unknown) => void lines.push(['debug', message, data]),
    info: (message: string, data?: unknown) => void lines.push(['info', message, data]),
    warn: (message: string, data?: unknown) => void lines.push(['warn', message, data]),
    error: (message: string, data?: unknown) => void lines.push(['error', message, data]),
    child: () => logger,
  };
  return logger;
}

describe('limitRepeats', () => {
  it('writes a warning once per window, then the next one with the count held back', () => {
    const log = recorder();
    let now = 0;
    const limited = limitRepeats(log, { windowMs: 1000, now: () => now });
    for (let i = 0; i < 200_001; i += 1) limited.warn('dropped', { code: '64' });
    expect(log.lines).toEqual([['warn', 'dropped', { code: '64' }]]);
    now = 1000;
    limited.warn('dropped', { code: '12' });
    expect(log.lines).toEqual([
      ['warn', 'dropped', { code: '64' }],
      ['warn', 'dropped', { code: '12', repeated: 200_000 }],
    ]);
  });

  it('counts each message and level apart, and leaves debug and info alone', () => {
    const log = recorder();
    const limited = limitRepeats(log, { now: () => 0 });
    limited.warn('a');
    limited.warn('b');
    limited.error('a');
    limited.warn('a');
    limited.info('i');
    limited.info('i');
    expect(log.lines.map(([level, message]) => `${level} ${message}`)).toEqual([
      'warn a',
      'warn b',
      'error a',
      'info i',
      'info i',
    ]);
  });

  it('flush writes what is still held, with the last data and its count, once', () => {
    const log = recorder();
    const limited = limitRepeats(log, { now: () => 0 });
    limited.warn('failed', { kind: 'timeout' });
    limited.warn('failed', { kind: 'unreachable' });
    limited.warn('failed', { kind: 'unreachable' });
    limited.warn('once');
    limited.flush();
    limited.flush();
    expect(log.lines).toEqual([
      ['warn', 'failed', { kind: 'timeout' }],
      ['warn', 'once', undefined],
      ['warn', 'failed', { kind: 'unreachable', repeated: 2 }],
    ]);
  });
});
