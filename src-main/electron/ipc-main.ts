import { ipcMain } from 'electron';
import type { BrowserWindow, IpcMainInvokeEvent } from 'electron';
import type { KioskCore } from '../core/kiosk-core';
import { createIpcRouter } from '../ipc/choke-point';
import { APP_ORIGIN, EVENT_CHANNEL, INVOKE_CHANNEL } from './channels';

/** Only the app's own top-level frame may call; subframes report no sender at all. */
function senderUrl(event: IpcMainInvokeEvent): string | undefined {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return undefined;
  return frame.url;
}

/** Wires the one choke point into ipcMain and forwards core events to the window. */
export function wireIpc(core: KioskCore, window: BrowserWindow): () => void {
  const router = createIpcRouter({
    handlers: core.handlers,
    trustedOrigins: [APP_ORIGIN],
    gates: core.gates,
  });
  ipcMain.handle(INVOKE_CHANNEL, (event, channel: unknown, payload: unknown) =>
    router.dispatch(typeof channel === 'string' ? channel : '', payload, {
      senderUrl: senderUrl(event),
      // One window, so no other connection can hold staff mode: its web contents names it.
      connection: event.sender.id,
    }),
  );
  const unsubscribe = core.subscribe(({ event, payload }) => {
    if (!window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, event, payload);
  });
  return () => {
    unsubscribe();
    ipcMain.removeHandler(INVOKE_CHANNEL);
  };
}
