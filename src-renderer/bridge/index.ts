import type { KioskBridge } from '../../src-common/ipc/contract';
import { keyFromFragment, subprotocolsForKey } from '../../src-common/launch-key';
import { createWebSocketBridge } from './web-socket-bridge';

declare global {
  interface Window {
    /** Present when the Electron preload exposed the bridge. */
    kiosk?: KioskBridge;
  }
}

/** Electron's preload bridge when there is one, else the web host's WebSocket bridge. */
export function connectBridge(): KioskBridge {
  return (
    window.kiosk ??
    createWebSocketBridge(
      `ws://${location.host}/ipc`,
      subprotocolsForKey(keyFromFragment(location.hash)),
    )
  );
}
