import type { LogRecord } from '../../src-shared/log/logger';

/**
 * A log record as one line of words, "warn files:set-aside: token vault file could not be read...":
 * how log-guard.ts names a stray line and how a test's capture lists what it caught, so the line a
 * failing test is named by can be pasted into its assertion. Imports no code: the guard loads it
 * before a test file sets up its own logger.
 */
export function logLine(record: Pick<LogRecord, 'level' | 'scope' | 'message'>): string {
  return `${record.level} ${record.scope}: ${record.message}`;
}
