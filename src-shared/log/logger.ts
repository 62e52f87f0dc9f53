import { sentenceSink } from './console-sink';
import { redact, redactText } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LogRecord {
  time: string;
  level: LogLevel;
  scope: string;
  message: string;
  data?: unknown;
}

export type LogSink = (record: LogRecord) => void;

export interface Logger {
  debug(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  error(message: string, data?: unknown): void;
  child(scope: string): Logger;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function envLevel(): LogLevel {
  const level = process.env.KIOSK_LOG_LEVEL;
  return level === 'debug' || level === 'info' || level === 'warn' || level === 'error'
    ? level
    : 'info';
}

/** One JSON line per record on stderr, so stdout stays free for CLI output. */
export const stderrSink: LogSink = (record) => {
  process.stderr.write(`${JSON.stringify(record)}\n`);
};

/** Sentences for a person at a terminal (`npm start` sets KIOSK_CONSOLE_LOG), else JSON lines. */
function consoleSink(): LogSink {
  return process.env.KIOSK_CONSOLE_LOG === 'sentences'
    ? sentenceSink((text) => process.stderr.write(text))
    : stderrSink;
}

let sinks: LogSink[] = [consoleSink()];
let threshold: LogLevel = envLevel();

/** Replace where records go (tests capture them). */
export function setLogSinks(next: LogSink[]): void {
  sinks = next;
}

/**
 * Add a destination next to the current ones (the hosts' log file, see file-sink.ts); returns
 * the function that removes it again.
 */
export function addLogSink(sink: LogSink): () => void {
  sinks = [...sinks, sink];
  return () => {
    sinks = sinks.filter((candidate) => candidate !== sink);
  };
}

export function setLogLevel(level: LogLevel): void {
  threshold = level;
}

export function createLogger(scope: string): Logger {
  const emit = (level: LogLevel, message: string, data?: unknown): void => {
    if (ORDER[level] < ORDER[threshold]) return;
    const record: LogRecord = {
      time: new Date().toISOString(),
      level,
      scope,
      message: redactText(message),
      ...(data === undefined ? {} : { data: redact(data) }),
    };
    for (const sink of sinks) sink(record);
  };
  return {
    debug: (message, data) => emit('debug', message, data),
    info: (message, data) => emit('info', message, data),
    warn: (message, data) => emit('warn', message, data),
    error: (message, data) => emit('error', message, data),
    child: (child) => createLogger(`${scope}:${child}`),
  };
}
