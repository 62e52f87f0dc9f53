/** The two Electron IPC channels that carry the whole contract: one in, one out. */
export const INVOKE_CHANNEL = 'kiosk:invoke';
export const EVENT_CHANNEL = 'kiosk:event';

/** Served through `protocol.handle`, never `file://`. */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://kiosk`;
