/**
 * The web host's launch key protocol, one definition for both ends: the host makes a key at each
 * start and opens the renderer at `<origin>/#k=<key>` (a fragment: browsers never send it to a
 * server or put it in a Referer); the renderer offers it back as a WebSocket subprotocol
 * (`key.<key>`, beside `library-kiosk`) when it opens the IPC socket. The host's check of the key
 * is src-main/web-host/launch-key.ts.
 */
export const KIOSK_SUBPROTOCOL = 'library-kiosk';
export const KEY_SUBPROTOCOL_PREFIX = 'key.';
const FRAGMENT_FIELD = 'k';

/** The URL that hands the renderer its key. Never log it. */
export function launchUrlWithKey(origin: string, key: string): string {
  return `${origin}/#${FRAGMENT_FIELD}=${key}`;
}

/** The key in a launch URL's fragment (`location.hash`, with or without its `#`); '' when none. */
export function keyFromFragment(hash: string): string {
  // By hand, not URLSearchParams: this layer runs without the DOM's or Node's globals.
  for (const field of hash.replace(/^#/, '').split('&')) {
    const equals = field.indexOf('=');
    if (equals > 0 && field.slice(0, equals) === FRAGMENT_FIELD) {
      try {
        return decodeURIComponent(field.slice(equals + 1).replaceAll('+', ' '));
      } catch {
        return '';
      }
    }
  }
  return '';
}

/** The subprotocols that open the IPC socket with this key. */
export function subprotocolsForKey(key: string): string[] {
  return [KIOSK_SUBPROTOCOL, `${KEY_SUBPROTOCOL_PREFIX}${key}`];
}
