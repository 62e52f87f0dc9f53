import type { Logger } from './logger';

/**
 * A logger that writes a warning or error the first time, then counts its repeats: a peer that
 * provokes the same warning 200,000 times must not rotate every other record out of the log.
 * Records are keyed by level and message; within `windowMs` of the first one written, the same
 * record is only counted, and the next one after the window is written with `repeated`, the
 * count held back. `flush()` writes what is still counted (a connection closing, a stop).
 */
export interface RepeatLimitedLogger extends Logger {
  flush(): void;
}

type Held = { since: number; count: number; data: unknown };

const LIMITED = new Set(['warn', 'error']);

export function limitRepeats(
  log: Logger,
  options: { windowMs?: number; now?: () => number } = {},
): RepeatLimitedLogger {
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  const held = new Map<string, Held>();

  const write = (level: 'warn' | 'error', message: string, data: unknown, repeated: number) => {
    const counted = repeated > 0 ? { repeated } : {};
    const withCount =
      data !== null && typeof data === 'object' && !Array.isArray(data)
        ? { ...(data as Record<string, unknown>), ...counted }
        : data === undefined
          ? repeated > 0
            ? counted
            : undefined
          : { data, ...counted };
    log[level](message, withCount);
  };

  const limited = (level: 'warn' | 'error') => (message: string, data?: unknown) => {
    const key = `${level}\u0000${message}`;
    const at = now();
    const seen = held.get(key);
    if (seen && at - seen.since < windowMs) {
      seen.count += 1;
      seen.data = data;
      return;
    }
    held.set(key, { since: at, count: 0, data });
    write(level, message, data, seen?.count ?? 0);
  };

  return {
    debug: (message, data) => log.debug(message, data),
    info: (message, data) => log.info(message, data),
    warn: limited('warn'),
    error: limited('error'),
    child: (scope) => limitRepeats(log.child(scope), options),
    flush() {
      for (const [key, seen] of held) {
        if (seen.count === 0) continue;
        const [level, message] = key.split('\u0000') as [string, string];
        if (LIMITED.has(level)) write(level as 'warn' | 'error', message, seen.data, seen.count);
      }
      held.clear();
    },
  };
}
