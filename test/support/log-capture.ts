import { setLogLevel, setLogSinks, stderrSink } from '../../src-shared/log/logger';
import type { LogLevel, LogRecord } from '../../src-shared/log/logger';
import { logLine } from './log-line';

/** Collects the kiosk's log records from `level` up, instead of writing them to stderr. */
export function captureLogs(level: LogLevel = 'debug'): {
  records: LogRecord[];
  /** Every record as one JSON text, for "never logged" assertions. */
  text(): string;
  /** Each record as "level scope: message", the words log-guard.ts names a stray line by. */
  lines(): string[];
  restore(): void;
} {
  const records: LogRecord[] = [];
  setLogSinks([(record) => records.push(record)]);
  setLogLevel(level);
  return {
    records,
    text: () => JSON.stringify(records),
    lines: () => records.map(logLine),
    restore: () => {
      setLogSinks([stderrSink]);
      const configured = process.env.KIOSK_LOG_LEVEL;
      setLogLevel(
        configured === 'debug' || configured === 'warn' || configured === 'error'
          ? configured
          : 'info',
      );
    },
  };
}
