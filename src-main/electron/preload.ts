import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import { EVENT_NAMES, INVOKE_CHANNELS } from '../../src-common/ipc/channels';
import type {
  EventName,
  EventPayload,
  InvokeChannel,
  IpcResult,
  KioskBridge,
  RequestArgs,
  ResponseOf,
} from '../../src-common/ipc/contract';
import { EVENT_CHANNEL, INVOKE_CHANNEL, SHOWN_CHANNEL } from './channels';
import { answerHeartbeats } from './heartbeat-answer';

const knownChannels = new Set<string>(INVOKE_CHANNELS);
const knownEvents = new Set<string>(EVENT_NAMES);

/** The whole renderer-facing surface, checked against the contract. */
const bridge = {
  invoke<C extends InvokeChannel>(
    channel: C,
    ...request: RequestArgs<C>
  ): Promise<IpcResult<ResponseOf<C>>> {
    if (!knownChannels.has(channel)) {
      return Promise.resolve({ ok: false, error: { kind: 'unknown-channel', channel } });
    }
    return ipcRenderer.invoke(INVOKE_CHANNEL, channel, request[0]);
  },
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    if (!knownEvents.has(event)) return () => undefined;
    const relay = (_: IpcRendererEvent, name: string, payload: EventPayload<E>): void => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, relay);
    return () => ipcRenderer.off(EVENT_CHANNEL, relay);
  },
  /** The first screen is painted: the main process may start what it held back (page-shown.ts). */
  shown(): void {
    ipcRenderer.send(SHOWN_CHANNEL);
  },
} satisfies KioskBridge;

contextBridge.exposeInMainWorld('kiosk', bridge);
// The main process's check that this page still runs (page-watch.ts): never exposed to the page.
answerHeartbeats(ipcRenderer);
