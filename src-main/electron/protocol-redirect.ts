import path from 'node:path';
import { app } from 'electron';
import { createLogger } from '../../src-shared/log/logger';

const log = createLogger('electron:protocol');

export interface ProtocolRedirect {
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
 * Asks the system to open the private-use redirect scheme (RFC 8252 section 7.1) with this app.
 * Returns what Electron returns: false when the system refused (on macOS, a scheme missing from
 * Info.plist; on Linux, no desktop file of this app to name). An AppImage is never asked: its
 * executable lives in a mount that disappears when it quits (sign-in-presentation.ts).
 */
export function registerRedirectScheme(redirectUri: string): boolean {
  const scheme = schemeOf(redirectUri);
  // In development Electron runs as `electron path/to/app`: register that command, not bare
  // electron. Packaged, the executable with no arguments (Electron's defaults, spelt out).
  const args =
    process.defaultApp && process.argv.length >= 2 ? [path.resolve(process.argv[1] ?? '.')] : [];
  const registered = app.setAsDefaultProtocolClient(scheme, process.execPath, args); // eng-disable PROTOCOL_HANDLER_JS_CHECK: the scheme only carries OAuth redirects, taken only when they match the pending sign-in
  if (!registered) log.warn('the system did not register the redirect scheme', { scheme });
  return registered;
}

/**
 * Listens for redirect URLs on the scheme: `open-url` (macOS, which can deliver it before
 * `ready`, electron#40173), the argv of a second instance (Windows and Linux start one with the
 * URL; it hands its argv over and quits), and this process's own argv (a cold start by the
 * browser). Call synchronously before `ready`, after the single-instance lock was taken.
 */
export function listenForRedirects(redirectUri: string): ProtocolRedirect {
  const prefix = `${schemeOf(redirectUri)}:`;
  const queued: string[] = [];
  let handler: ((url: string) => void) | undefined;

  const deliver = (url: string): void => {
    log.info('redirect received');
    if (handler) handler(url);
    else queued.push(url);
  };
  const fromArgv = (argv: readonly string[]): string | undefined =>
    argv.find((arg) => arg.startsWith(prefix));

  app.on('open-url', (event, url) => {
    event.preventDefault();
    if (url.startsWith(prefix)) deliver(url);
  });
  app.on('second-instance', (_event, argv) => {
    const url = fromArgv(argv);
    if (url) deliver(url);
  });
  const coldStart = fromArgv(process.argv);
  if (coldStart) deliver(coldStart);

  return {
    setHandler(next) {
      handler = next;
      for (const url of queued.splice(0)) next(url);
    },
  };
}
