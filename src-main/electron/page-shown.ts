import type { IpcMainEvent, WebContents } from 'electron';
import type { PageShownGate } from '../host/page-shown-gate';
import { originOf } from '../platform/origin';
import { APP_ORIGIN, SHOWN_CHANNEL } from './channels';

/** The part of `ipcMain` the watch uses. */
export interface ShownIpc {
  on(channel: string, listener: (event: IpcMainEvent) => void): unknown;
  removeListener(channel: string, listener: (event: IpcMainEvent) => void): unknown;
}

/**
 * Opens the gate when the kiosk page says its first screen is painted: the kiosk window's own
 * top-level frame on the app's origin only (a sign-in page or a subframe says nothing here). The
 * returned stop removes the listener and the gate's timer.
 */
export function openOnPageShown(
  ipc: ShownIpc,
  contents: Pick<WebContents, 'id'>,
  gate: PageShownGate,
): () => void {
  const listener = (event: IpcMainEvent): void => {
    const frame = event.senderFrame;
    if (event.sender.id !== contents.id || !frame || frame.parent !== null) return;
    if (originOf(frame.url) === APP_ORIGIN) gate.open();
  };
  ipc.on(SHOWN_CHANNEL, listener);
  return () => {
    ipc.removeListener(SHOWN_CHANNEL, listener);
    gate.cancel();
  };
}
