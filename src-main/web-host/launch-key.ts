import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  KEY_SUBPROTOCOL_PREFIX,
  KIOSK_SUBPROTOCOL,
  keyFromFragment,
  launchUrlWithKey,
  subprotocolsForKey,
} from '../../src-common/launch-key';

/**
 * The web host's launch key (the protocol is src-common/launch-key.ts): made at each start, handed
 * to the renderer in the launch URL's fragment, and checked here when the renderer opens the IPC
 * socket with it as a subprotocol. A local program that only knows the port and forges an
 * `Origin` header gets no socket.
 */
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
    launchUrl: (origin) => launchUrlWithKey(origin, key),
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
  return subprotocolsForKey(keyFromFragment(new URL(launchUrl).hash));
}
