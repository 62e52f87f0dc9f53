/** The two Electron IPC channels that carry the whole contract: one in, one out. */
export const INVOKE_CHANNEL = 'kiosk:invoke';
export const EVENT_CHANNEL = 'kiosk:event';

/**
 * The page's heartbeat, outside the contract (as the web host's is outside its invoke frames):
 * the main process sends a beat, the preload sends it back (heartbeat-answer.ts).
 */
export const HEARTBEAT_CHANNEL = 'kiosk:heartbeat';

/** Served through `protocol.handle`, never `file://`. */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://kiosk`;

/**
 * The kiosk page's first screen is painted (the bridge's `shown()`): what the main process holds
 * back until then (the embedded service's blob store) may start. Outside the contract, as the web
 * host's `shown` frame is outside its invoke frames.
 */
export const SHOWN_CHANNEL = 'kiosk:shown';
