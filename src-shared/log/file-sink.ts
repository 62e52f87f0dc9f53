import fs from 'node:fs';
import path from 'node:path';
import type { LogRecord, LogSink } from './logger';

/** Owner-only, like every other file the kiosk keeps (src-main/platform/file-modes.ts). */
const LOG_FILE_MODE = 0o600;
const LOG_FOLDER_MODE = 0o700;

/** 5 MiB per file, three files (the current one and two older): at most 15 MiB of log. */
export const DEFAULT_LOG_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_LOG_FILES = 3;

export interface FileSinkOptions {
  /** The current log file, e.g. `.../logs/kiosk.log`; older ones are `kiosk.log.1`, `.2`... */
  file: string;
  /** Rotate before a line would take the current file past this size. */
  maxBytes?: number;
  /** How many files to keep, the current one included (at least 1). */
  files?: number;
  /**
   * The folder is the kiosk's own (Electron's logs folder, `<dataDir>/logs`): an existing one is
   * made 0700 too. Off for a path the operator chose, whose folder may be shared.
   */
  ownFolder?: boolean;
  /** Where a failure to write the log is reported, once (default: stderr). */
  onError?: (error: unknown) => void;
}

export interface FileSink {
  sink: LogSink;
  readonly file: string;
  close(): void;
}

/** `kiosk.log` -> `kiosk.log.1` -> ... -> `kiosk.log.<files - 1>`, the oldest dropped. */
export function rotatedName(file: string, index: number): string {
  return index === 0 ? file : `${file}.${index}`;
}

/**
 * A log sink that appends one JSON line per record to a file and rotates by size. It receives
 * records from the logger, which has already redacted them (redact.ts): the file never holds
 * more than stderr would. Synchronous writes, so that the line of a crash is on disk before the
 * process goes; the kiosk logs a few lines a minute. A failing disk never throws into the caller:
 * the first failure is reported, and writing is tried again at the next record.
 */
export function createFileSink(options: FileSinkOptions): FileSink {
  const file = path.resolve(options.file);
  const maxBytes = Math.max(1, options.maxBytes ?? DEFAULT_LOG_MAX_BYTES);
  const files = Math.max(1, Math.floor(options.files ?? DEFAULT_LOG_FILES));
  const folder = path.dirname(file);
  let reported = false;
  const report =
    options.onError ??
    ((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`The log file ${file} cannot be written: ${message}\n`);
    });
  const fail = (error: unknown): void => {
    if (reported) return;
    reported = true;
    report(error);
  };

  let fd: number | undefined;
  let size = 0;
  const open = (): number => {
    if (fd !== undefined) return fd;
    fd = fs.openSync(file, 'a', LOG_FILE_MODE);
    // An existing file keeps its mode through open(): make it owner-only as well.
    if (process.platform !== 'win32') fs.fchmodSync(fd, LOG_FILE_MODE);
    size = fs.fstatSync(fd).size;
    return fd;
  };
  const closeFile = (): void => {
    if (fd === undefined) return;
    const current = fd;
    fd = undefined;
    fs.closeSync(current);
  };
  const rotate = (): void => {
    closeFile();
    if (files === 1) {
      fs.rmSync(file, { force: true });
    } else {
      for (let index = files - 2; index >= 0; index -= 1) {
        const from = rotatedName(file, index);
        if (fs.existsSync(from)) fs.renameSync(from, rotatedName(file, index + 1));
      }
    }
    size = 0;
  };

  // A log that cannot be kept is reported, never a reason for the kiosk not to start.
  try {
    fs.mkdirSync(folder, { recursive: true, mode: LOG_FOLDER_MODE });
    if (options.ownFolder && process.platform !== 'win32') fs.chmodSync(folder, LOG_FOLDER_MODE);
    open();
  } catch (error) {
    fail(error);
  }

  const sink: LogSink = (record: LogRecord) => {
    let line: string;
    try {
      line = `${JSON.stringify(record)}\n`;
    } catch {
      line = `${JSON.stringify({ ...record, data: '[unserializable]' })}\n`;
    }
    const bytes = Buffer.byteLength(line);
    try {
      open();
      if (size > 0 && size + bytes > maxBytes) rotate();
      fs.writeSync(open(), line);
      size += bytes;
    } catch (error) {
      // Start afresh at the next record (the file may have been removed or the disk freed).
      try {
        closeFile();
      } catch {
        // Already gone.
      }
      fail(error);
    }
  };

  return {
    sink,
    file,
    close: () => {
      try {
        closeFile();
      } catch {
        // Nothing left to release.
      }
    },
  };
}
