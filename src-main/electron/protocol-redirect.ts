import path from 'node:path';
import { app } from 'electron';
import { createLogger } from '../../src-shared/log/logger';

const log = createLogger('electron:protocol');

export interface ProtocolRedirect {
  /** False when another kiosk instance holds the lock: quit, it receives the URL instead. */
  primary: boolean;
  /**
   * Where redirect URLs go (staffAuth.handleRedirect). URLs that arrive before a handler is set,
   * such as the one on the command line of a cold start, are delivered when it is set.
   */
  setHandler(handler: (url: string) => void): void;
}

/** `org.example.librarykiosk:/oauth/callback` -> `org.example.librarykiosk`. */
export function schemeOf(redirectUri: string): string {
  return new URL(redirectUri).protocol.replace(/:$/, '');
}

/**
 * Registers the private-use redirect scheme (RFC 8252 section 7.1). Call synchronously at the
 * top of main, before `ready`: macOS delivers `open-url` early (electron#40173), and the
 * single-instance lock must be taken before any window opens.
 */
export function registerProtocolRedirect(redirectUri: string): ProtocolRedirect {
  const scheme = schemeOf(redirectUri);
  const prefix = `${scheme}:`;
  const queued: string[] = [];
  let handler: ((url: string) => void) | undefined;

  const deliver = (url: string): void => {
    log.info('redirect received');
    if (handler) handler(url);
    else queued.push(url);
  };
  const fromArgv = (argv: string[]): string | undefined =>
    argv.find((arg) => arg.startsWith(prefix));

  // In development Electron runs as `electron path/to/app`: register that command, not bare
  // electron. Packaged, the executable with no arguments (Electron's defaults, spelt out).
  const args =
    process.defaultApp && process.argv.length >= 2 ? [path.resolve(process.argv[1] ?? '.')] : [];
  const registered = app.setAsDefaultProtocolClient(scheme, process.execPath, args); // eng-disable PROTOCOL_HANDLER_JS_CHECK: the scheme only carries OAuth redirects, taken only when they match the pending sign-in
  if (!registered) log.warn('could not register the redirect scheme', { scheme });

  app.on('open-url', (event, url) => {
    event.preventDefault();
    if (url.startsWith(prefix)) deliver(url);
  });

  const primary = app.requestSingleInstanceLock();
  if (!primary) return { primary, setHandler: () => undefined };

  // Windows and Linux start a second instance with the URL in its argv; it quits and we get it.
  app.on('second-instance', (_event, argv) => {
    const url = fromArgv(argv);
    if (url) deliver(url);
  });
  const coldStart = fromArgv(process.argv);
  if (coldStart) deliver(coldStart);

  return {
    primary,
    setHandler(next) {
      handler = next;
      for (const url of queued.splice(0)) next(url);
    },
  };
}
