import { afterAll, afterEach, expect } from 'vitest';
import type { LogRecord } from '../../src-shared/log/logger';
import { logLine } from './log-line';

/**
 * A setup file of every Vitest project (vitest.config.ts). The kiosk's logger writes one JSON line
 * per record to stderr (src-shared/log/logger.ts, stderrSink); in a test, such a line is one the
 * test did not route to a capture (test/support/log-capture.ts). It is kept off the output, so a
 * run prints no JSON; a stray at warn or error level, which a test provoked without checking it
 * or which nobody expected, fails the test it was written in, named by its words. Only a write
 * that is exactly one log record is taken: a test's own stderr passes untouched.
 * KIOSK_TEST_LOGS=report names the strays without failing (docs/testing.md: what it is for).
 */
interface Stray {
  test: string | undefined;
  record: LogRecord;
}

const MODES = ['strict', 'report'] as const;
const mode = process.env.KIOSK_TEST_LOGS || 'strict';
if (!MODES.some((known) => known === mode)) {
  throw new Error(`KIOSK_TEST_LOGS is "${mode}": it takes ${MODES.join(' or ')} (default strict)`);
}
const strict = mode === 'strict';

function logRecord(chunk: unknown): LogRecord | undefined {
  const text =
    typeof chunk === 'string'
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk).toString()
        : '';
  if (
    !text.startsWith('{"time":"') ||
    !text.endsWith('}\n') ||
    text.indexOf('\n') !== text.length - 1
  ) {
    return undefined;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const record = parsed as Partial<LogRecord>;
    return typeof record.level === 'string' &&
      typeof record.scope === 'string' &&
      typeof record.message === 'string'
      ? (record as LogRecord)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Patches stderr and returns the list its strays go to. A project whose files share one process
 * (`isolate: false`: the E2E project) runs this setup file again before each file: stderr is
 * patched once per process, and each file's hooks read the one list.
 */
function guardStderr(): Stray[] {
  const list: Stray[] = [];
  const write = process.stderr.write.bind(process.stderr) as (...args: unknown[]) => boolean;
  process.stderr.write = ((chunk: unknown, ...rest: unknown[]) => {
    const record = logRecord(chunk);
    if (!record) return write(chunk, ...rest);
    // Information lines are only dropped; a warning or error is named after its test.
    if (record.level === 'warn' || record.level === 'error') {
      list.push({ test: expect.getState().currentTestName, record });
    }
    const done = rest.find((argument) => typeof argument === 'function') as
      (() => void) | undefined;
    done?.();
    return true;
  }) as typeof process.stderr.write;
  return list;
}

const GUARDED = Symbol.for('library-kiosk.test-log-guard');
const processWide = globalThis as typeof globalThis & { [GUARDED]?: Stray[] };
const strays = (processWide[GUARDED] ??= guardStderr());

/** The strays written while `test` ran (undefined: outside any test), taken off the list. */
function take(test: string | undefined): LogRecord[] {
  const taken = strays.filter((stray) => stray.test === test);
  strays.splice(0, strays.length, ...strays.filter((stray) => stray.test !== test));
  return taken.map((stray) => stray.record);
}

/** Says (or, strict, fails on) the strays of a test or of the file's hooks. */
function report(where: string, records: LogRecord[]): void {
  if (records.length === 0) return;
  const lines = records.map(logLine);
  const text = `${where} logged ${records.length} warn/error line(s) without capturing them (captureLogs in test/support/log-capture.ts; docs/testing.md): ${lines.join(' | ')}`;
  if (strict) throw new Error(text);
  console.warn(text);
}

afterEach(() => report('This test', take(expect.getState().currentTestName)));

afterAll(() => report("This file's hooks", take(undefined)));
