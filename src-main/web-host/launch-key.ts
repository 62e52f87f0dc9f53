import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The web host's launch key: made at each start, handed to the renderer in the launch URL's
 * fragment (`#k=...`, which browsers never send to a server or put in a Referer), and presented
 * back by the renderer as a WebSocket subprotocol (`key.<key>`) when it opens the IPC socket. A
 * local program that only knows the port and forges an `Origin` header no longer gets a socket.
 *
 * The renderer's side is `src-renderer/bridge/index.ts`; the E2E tests prove the two agree.
 */
export const KIOSK_SUBPROTOCOL = 'library-kiosk';
export const KEY_SUBPROTOCOL_PREFIX = 'key.';
export const LAUNCH_KEY_FRAGMENT = 'k';

export interface LaunchKey {
  /** The URL to open: the host's origin with the key in the fragment. Never log it. */
  launchUrl(origin: string): string;
  /** True when the upgrade request offers the kiosk subprotocol and this launch's key. */
  admits(request: IncomingMessage): boolean;
}

export function offeredSubprotocols(request: IncomingMessage): string[] {
  const header = request.headers['sec-websocket-protocol'];
  if (!header) return [];
  return header
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);
}

export function createLaunchKey(key = randomBytes(32).toString('base64url')): LaunchKey {
  const expected = Buffer.from(key);
  return {
    launchUrl: (origin) => `${origin}/#${LAUNCH_KEY_FRAGMENT}=${key}`,
    admits(request) {
      const offered = offeredSubprotocols(request);
      if (!offered.includes(KIOSK_SUBPROTOCOL)) return false;
      return offered.some((token) => {
        if (!token.startsWith(KEY_SUBPROTOCOL_PREFIX)) return false;
        const candidate = Buffer.from(token.slice(KEY_SUBPROTOCOL_PREFIX.length));
        return candidate.length === expected.length && timingSafeEqual(candidate, expected);
      });
    },
  };
}

/** The subprotocols a client offers to connect with the key in `launchUrl` (tests, benchmarks). */
export function launchSubprotocols(launchUrl: string): string[] {
  const key = new URLSearchParams(new URL(launchUrl).hash.slice(1)).get(LAUNCH_KEY_FRAGMENT) ?? '';
  return [KIOSK_SUBPROTOCOL, `${KEY_SUBPROTOCOL_PREFIX}${key}`];
}
