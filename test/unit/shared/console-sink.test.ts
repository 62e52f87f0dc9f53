import { describe, expect, it } from 'vitest';
import { sentenceLine, sentenceSink } from '../../../src-shared/log/console-sink';
import type { LogRecord } from '../../../src-shared/log/logger';

const record = (level: LogRecord['level'], message: string, data?: unknown): LogRecord => ({
  time: '2026-11-28T12:00:00.000Z',
  level,
  scope: 'web-host',
  message,
  ...(data === undefined ? {} : { data }),
});

describe("the console's sentences", () => {
  it('gives a warning and an error as one sentence each, with no data', () => {
    expect(sentenceLine(record('warn', 'demo mode: the demo staff PIN opens staff mode'))).toBe(
      'Note: Demo mode: the demo staff PIN opens staff mode.',
    );
    expect(
      sentenceLine(record('error', 'the kiosk failed to start', { error: { code: 'EADDRINUSE' } })),
    ).toBe('Problem: The kiosk failed to start.');
    expect(sentenceLine(record('warn', 'the printer is out of paper!'))).toBe(
      'Note: The printer is out of paper!',
    );
  });

  it('leaves information, debugging and empty records to the log file', () => {
    expect(sentenceLine(record('info', 'web host listening', { url: 'x' }))).toBeUndefined();
    expect(sentenceLine(record('debug', 'scan received'))).toBeUndefined();
    expect(sentenceLine(record('warn', '  '))).toBeUndefined();
  });

  it('writes whole lines, never JSON', () => {
    const written: string[] = [];
    const sink = sentenceSink((text) => written.push(text));
    sink(record('info', 'web host listening'));
    sink(record('warn', 'headphones are not watched', { reason: 'no pactl' }));
    expect(written).toEqual(['Note: Headphones are not watched.\n']);
  });
});
