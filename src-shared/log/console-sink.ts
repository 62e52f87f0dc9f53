import type { LogRecord, LogSink } from './logger';

/**
 * The console of a person who ran `npm start` (KIOSK_CONSOLE_LOG=sentences): warnings and errors
 * as one sentence each, with no JSON and no data (the log file keeps both); information stays in
 * the file. A station's stderr (journald) and the tests keep the JSON lines of stderrSink.
 */
export function sentenceLine(record: LogRecord): string | undefined {
  if (record.level !== 'warn' && record.level !== 'error') return undefined;
  const message = record.message.trim();
  if (message === '') return undefined;
  const sentence = `${message[0]?.toUpperCase()}${message.slice(1)}`;
  const ended = /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
  return `${record.level === 'warn' ? 'Note' : 'Problem'}: ${ended}`;
}

export function sentenceSink(write: (text: string) => void): LogSink {
  return (record) => {
    const line = sentenceLine(record);
    if (line !== undefined) write(`${line}\n`);
  };
}
