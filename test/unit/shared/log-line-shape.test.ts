import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger, setLogLevel, setLogSinks, stderrSink } from '../../../src-shared/log/logger';

/**
 * The JSON line on stderr as docs/operations.md ("Logs") documents it for journald, Vector and
 * Loki: log shippers parse these field names, so changing them breaks a library's pipeline.
 */
let written: string[];

beforeEach(() => {
  written = [];
  setLogSinks([stderrSink]);
  setLogLevel('info');
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  setLogLevel('info');
});

function parsedLines(): Record<string, unknown>[] {
  return written.map((chunk) => {
    expect(chunk.endsWith('\n')).toBe(true);
    expect(chunk.slice(0, -1)).not.toContain('\n');
    return JSON.parse(chunk) as Record<string, unknown>;
  });
}

describe('a log line on stderr', () => {
  it('is one JSON object per line: time, level, scope, message, data', () => {
    createLogger('sync').warn('a queued transaction could not be sent', { outcome: 'failed' });
    const [line] = parsedLines();
    expect(Object.keys(line ?? {})).toEqual(['time', 'level', 'scope', 'message', 'data']);
    expect(line).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      level: 'warn',
      scope: 'sync',
      message: 'a queued transaction could not be sent',
      data: { outcome: 'failed' },
    });
  });

  it('has no data field when nothing goes with the message', () => {
    createLogger('web-host').info('shutting down');
    expect(Object.keys(parsedLines()[0] ?? {})).toEqual(['time', 'level', 'scope', 'message']);
  });

  it('names a child scope parent:child', () => {
    createLogger('host').child('scanner').info('scanner connected');
    expect(parsedLines()[0]?.scope).toBe('host:scanner');
  });

  it.each([
    ['debug', 'info', 0],
    ['info', 'info', 1],
    ['warn', 'info', 1],
    ['error', 'warn', 1],
    ['warn', 'error', 0],
    ['debug', 'debug', 1],
  ] as const)('at level %s with the threshold %s: %i line(s)', (level, threshold, count) => {
    setLogLevel(threshold);
    createLogger('test')[level]('a line');
    expect(parsedLines()).toHaveLength(count);
    if (count) expect(parsedLines()[0]?.level).toBe(level);
  });

  it('never holds a token, a PIN, a password or a bearer credential', () => {
    createLogger('auth').warn('token endpoint refused Bearer abc.def-123', {
      access_token: 'tok-secret',
      pin: '4321',
      password: 'hunter2',
      url: 'https://lib.example/cb?code=C0DE&state=xyz',
    });
    const text = written.join('');
    for (const secret of ['abc.def-123', 'tok-secret', '4321', 'hunter2', 'C0DE', 'xyz']) {
      expect(text).not.toContain(secret);
    }
    expect(parsedLines()[0]?.data).toEqual({
      access_token: '[redacted]',
      pin: '[redacted]',
      password: '[redacted]',
      url: 'https://lib.example/cb?code=[redacted]&state=[redacted]',
    });
  });

  it('keeps an error code such as ENOENT and redacts any other code', () => {
    const log = createLogger('auth');
    log.warn('a', { code: 'ENOENT' });
    log.warn('b', { code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    log.warn('c', { code: 'Xq3vB-9_kLmN0pQrStUvWxYz' });
    log.warn('d', { code: 'EABCDEFGHIJKLMNOPQRSTUVWXYZ' });
    expect(parsedLines().map((line) => line.data)).toEqual([
      { code: 'ENOENT' },
      { code: 'ERR_TLS_CERT_ALTNAME_INVALID' },
      { code: '[redacted]' },
      { code: '[redacted]' },
    ]);
    expect(written.join('')).not.toContain('Xq3vB');
  });
});
