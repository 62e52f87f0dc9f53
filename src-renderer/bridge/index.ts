import type { KioskBridge } from '../../src-common/ipc/contract';
import { createWebSocketBridge } from './web-socket-bridge';

declare global {
  interface Window {
    /** Present when the Electron preload exposed the bridge. */
    kiosk?: KioskBridge;
  }
}

/**
 * The web host's launch key, from the launch URL's fragment (`#k=...`; never sent to a server).
 * Must match `src-main/web-host/launch-key.ts`: the E2E tests connect through both.
 */
function launchKey(): string {
  return new URLSearchParams(location.hash.slice(1)).get('k') ?? '';
}

/** Electron's preload bridge when there is one, else the web host's WebSocket bridge. */
export function connectBridge(): KioskBridge {
  return (
    window.kiosk ??
    createWebSocketBridge(`ws://${location.host}/ipc`, ['library-kiosk', `key.${launchKey()}`])
  );
}
