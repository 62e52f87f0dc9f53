import { afterAll, beforeAll } from 'vitest';
import { setLogSinks, stderrSink, type LogRecord } from '../../../src-shared/log/logger';

/** Keeps this file's log records in memory (for assertions, and off the test output). */
export function captureLogs(): LogRecord[] {
  const records: LogRecord[] = [];
  beforeAll(() => setLogSinks([(record) => records.push(record)]));
  afterAll(() => setLogSinks([stderrSink]));
  return records;
}
