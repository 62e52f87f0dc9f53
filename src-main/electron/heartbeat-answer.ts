import { HEARTBEAT_CHANNEL } from './channels';

/** The part of `ipcRenderer` the answer uses. */
export interface HeartbeatPort {
  on(channel: string, listener: (event: unknown, beat: unknown) => void): unknown;
  send(channel: string, beat: unknown): void;
}

/**
 * Run by the preload in every page load: each beat the main process sends is sent back. The
 * preload runs on the page's main thread, so a page whose JavaScript is stuck (a loop, a
 * deadlock) answers nothing, which page-watch.ts notices whether anyone touches the screen or
 * not; Chromium's own `unresponsive` comes only for an input event left unanswered.
 */
export function answerHeartbeats(ipc: HeartbeatPort): void {
  ipc.on(HEARTBEAT_CHANNEL, (_event, beat) => ipc.send(HEARTBEAT_CHANNEL, beat));
}
