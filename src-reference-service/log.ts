import { createLogger, type Logger } from '../src-shared/log/logger';

/** A service logger; with `quiet`, info and debug records are dropped, warnings and errors kept. */
export function serviceLogger(scope: string, quiet: boolean): Logger {
  const log = createLogger(scope);
  if (!quiet) return log;
  const silent = (): void => undefined;
  return {
    ...log,
    debug: silent,
    info: silent,
    child: (child) => serviceLogger(`${scope}:${child}`, true),
  };
}
