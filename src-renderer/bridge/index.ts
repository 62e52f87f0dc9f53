import type { KioskBridge } from '../../src-main/ipc/contract';
import { createWebSocketBridge } from './web-socket-bridge';

declare global {
  interface Window {
    /** Present when the Electron preload exposed the bridge. */
    kiosk?: KioskBridge;
  }
}

/** Electron's preload bridge when there is one, else the web host's WebSocket bridge. */
export function connectBridge(): KioskBridge {
  return window.kiosk ?? createWebSocketBridge(`ws://${location.host}/ipc`);
}
