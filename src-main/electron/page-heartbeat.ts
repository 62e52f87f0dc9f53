import type { WebContents } from 'electron';
import { HEARTBEAT_CHANNEL } from './channels';

/** The part of `ipcMain` the heartbeat uses. */
export interface HeartbeatIpc {
  on(channel: string, listener: (event: { sender: unknown }, beat: unknown) => void): unknown;
  removeListener(
    channel: string,
    listener: (event: { sender: unknown }, beat: unknown) => void,
  ): unknown;
}

export interface HeartbeatOptions {
  everyMs: number;
  silentMs: number;
  /** The page has not answered for longer than `silentMs` (told once per page load). */
  onSilent(silentForMs: number): void;
}

/**
 * The Electron host's check that the kiosk page still runs, as the web host's is
 * (src-main/web-host/ipc-socket.ts): a beat every `everyMs` on HEARTBEAT_CHANNEL, which the
 * preload sends back from the page's main thread (heartbeat-answer.ts). Chromium's `unresponsive`
 * needs an unanswered input event, so a stuck attract screen nobody touches is only seen here.
 * The watch starts once a page has loaded (the first load waits for the kiosk to boot, which may
 * take longer than `silentMs`) and stops when the renderer is gone, until the next load.
 */
export function watchHeartbeat(
  contents: WebContents,
  ipc: HeartbeatIpc,
  options: HeartbeatOptions,
): () => void {
  let armed = false;
  let answeredAt = Date.now();
  let beat = 0;
  const onAnswer = (event: { sender: unknown }): void => {
    if (event.sender === contents) answeredAt = Date.now();
  };
  const onLoaded = (): void => {
    armed = true;
    answeredAt = Date.now();
  };
  const onGone = (): void => {
    armed = false;
  };
  const timer = setInterval(() => {
    if (!armed || contents.isDestroyed()) return;
    const silentFor = Date.now() - answeredAt;
    if (silentFor > options.silentMs) {
      armed = false;
      options.onSilent(silentFor);
      return;
    }
    contents.send(HEARTBEAT_CHANNEL, beat++);
  }, options.everyMs);
  ipc.on(HEARTBEAT_CHANNEL, onAnswer);
  contents.on('did-finish-load', onLoaded);
  contents.on('render-process-gone', onGone);
  return () => {
    clearInterval(timer);
    ipc.removeListener(HEARTBEAT_CHANNEL, onAnswer);
    contents.off('did-finish-load', onLoaded);
    contents.off('render-process-gone', onGone);
  };
}
