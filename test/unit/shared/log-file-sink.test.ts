import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileSink, rotatedName } from '../../../src-shared/log/file-sink';
import type { FileSink } from '../../../src-shared/log/file-sink';
import { createLogger, setLogLevel, setLogSinks, stderrSink } from '../../../src-shared/log/logger';
import type { LogRecord } from '../../../src-shared/log/logger';

let dir: string;
const open: FileSink[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kiosk-log-'));
});

afterEach(async () => {
  for (const sink of open.splice(0)) sink.close();
  setLogSinks([stderrSink]);
  setLogLevel('info');
  await rm(dir, { recursive: true, force: true });
});

function sinkAt(file: string, options: Partial<Parameters<typeof createFileSink>[0]> = {}) {
  const sink = createFileSink({ file, ...options });
  open.push(sink);
  return sink;
}

function record(message: string, data?: unknown): LogRecord {
  return { time: '2026-01-01T00:00:00.000Z', level: 'info', scope: 'test', message, data };
}

async function lines(file: string): Promise<LogRecord[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogRecord);
}

describe('the log file sink', () => {
  it('appends one JSON line per record, creating the folder 0700 and the file 0600', async () => {
    const file = path.join(dir, 'logs', 'nested', 'kiosk.log');
    const { sink } = sinkAt(file);
    sink(record('one'));
    sink(record('two', { n: 2 }));
    expect((await lines(file)).map((line) => line.message)).toEqual(['one', 'two']);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
  });

  it('makes an existing log file owner-only, and its own folder 0700', async () => {
    const folder = path.join(dir, 'logs');
    await mkdir(folder, { mode: 0o755 });
    await chmod(folder, 0o755);
    const file = path.join(folder, 'kiosk.log');
    await writeFile(file, '', { mode: 0o644 });
    await chmod(file, 0o644);
    sinkAt(file, { ownFolder: true }).sink(record('x'));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
  });

  it('leaves the mode of a folder the operator chose', async () => {
    const folder = path.join(dir, 'shared');
    await mkdir(folder);
    await chmod(folder, 0o755);
    sinkAt(path.join(folder, 'kiosk.log')).sink(record('x'));
    expect((await stat(folder)).mode & 0o777).toBe(0o755);
  });

  it('rotates by size and keeps the configured number of files', async () => {
    const file = path.join(dir, 'kiosk.log');
    const { sink } = sinkAt(file, { maxBytes: 300, files: 3 });
    for (let index = 0; index < 40; index += 1) sink(record(`line ${index}`));
    const names = (await readdir(dir)).sort();
    expect(names).toEqual(['kiosk.log', 'kiosk.log.1', 'kiosk.log.2']);
    for (const name of names)
      expect((await stat(path.join(dir, name))).size).toBeLessThanOrEqual(300);
    // Newest in kiosk.log, the one before in .1, older in .2; the oldest lines are gone.
    const current = await lines(file);
    const previous = await lines(rotatedName(file, 1));
    const older = await lines(rotatedName(file, 2));
    expect(current.at(-1)?.message).toBe('line 39');
    expect(previous.at(-1)?.message).toBe(`line ${Number(current[0]?.message.slice(5)) - 1}`);
    expect(older.at(-1)?.message).toBe(`line ${Number(previous[0]?.message.slice(5)) - 1}`);
    expect(older[0]?.message).not.toBe('line 0');
    for (const name of names) expect((await stat(path.join(dir, name))).mode & 0o777).toBe(0o600);
  });

  it('continues the size count of an existing file after a restart', async () => {
    const file = path.join(dir, 'kiosk.log');
    const first = sinkAt(file, { maxBytes: 300 });
    for (let index = 0; index < 3; index += 1) first.sink(record(`before ${index}`));
    first.close();
    const second = sinkAt(file, { maxBytes: 300 });
    for (let index = 0; index < 3; index += 1) second.sink(record(`after ${index}`));
    expect((await stat(file)).size).toBeLessThanOrEqual(300);
    expect((await readdir(dir)).sort()).toEqual(['kiosk.log', 'kiosk.log.1']);
  });

  it('keeps one file when asked for one', async () => {
    const file = path.join(dir, 'kiosk.log');
    const { sink } = sinkAt(file, { maxBytes: 200, files: 1 });
    for (let index = 0; index < 20; index += 1) sink(record(`line ${index}`));
    expect(await readdir(dir)).toEqual(['kiosk.log']);
    expect((await lines(file)).at(-1)?.message).toBe('line 19');
  });

  it('writes what the logger redacted, and never the secret', async () => {
    const file = path.join(dir, 'kiosk.log');
    setLogSinks([sinkAt(file).sink]);
    const log = createLogger('test');
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJsaWJyYXJpYW4ifQ.c2lnbmF0dXJl';
    log.info('redirect org.example.librarykiosk:/oauth/callback?code=secret-code&state=s1', {
      access_token: 'the-access-token',
      nested: { refreshToken: 'the-refresh-token', pin: '246813' },
      header: `Bearer ${jwt}`,
      error: new Error(`no answer for https://auth.example/cb?code=another-code`),
    });
    const text = await readFile(file, 'utf8');
    for (const secret of [
      'secret-code',
      'the-access-token',
      'the-refresh-token',
      '246813',
      jwt,
      'another-code',
      's1',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
    expect(text).toContain('org.example.librarykiosk:/oauth/callback?code=[redacted]');
  });

  it('reports a file it cannot write once and never throws into the caller', async () => {
    const blocker = path.join(dir, 'not-a-folder');
    await writeFile(blocker, '');
    const problems: unknown[] = [];
    const { sink } = sinkAt(path.join(blocker, 'kiosk.log'), {
      onError: (error) => problems.push(error),
    });
    expect(() => sink(record('lost'))).not.toThrow();
    expect(() => sink(record('lost too'))).not.toThrow();
    expect(problems).toHaveLength(1);
  });
});
