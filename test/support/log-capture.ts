import { setLogLevel, setLogSinks, stderrSink } from '../../src-shared/log/logger';
import type { LogLevel, LogRecord } from '../../src-shared/log/logger';

/** Collects the kiosk's log records from `level` up, instead of writing them to stderr. */
export function captureLogs(level: LogLevel = 'debug'): {
  records: LogRecord[];
  /** Every record as one JSON text, for "never logged" assertions. */
  text(): string;
  restore(): void;
} {
  const records: LogRecord[] = [];
  setLogSinks([(record) => records.push(record)]);
  setLogLevel(level);
  return {
    records,
    text: () => JSON.stringify(records),
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
