import type { EventName, EventPayload, IpcHandlers, KioskState, Language } from '../ipc/contract';
import type { PinGate } from './staff-pin';

export type CoreEvent = { [E in EventName]: { event: E; payload: EventPayload<E> } }[EventName];
export type CoreListener = (event: CoreEvent) => void;

export interface KioskCoreOptions {
  branchName: string;
  defaultLanguage: Language;
  staffPin: PinGate;
}

export interface KioskCore {
  readonly handlers: IpcHandlers;
  state(): KioskState;
  /** Subscribe to core events; returns the unsubscribe function. */
  subscribe(listener: CoreListener): () => void;
}

/** Owns the kiosk's state; the renderer only draws what this sends and asks for changes. */
export function createKioskCore(options: KioskCoreOptions): KioskCore {
  let current: KioskState = {
    language: options.defaultLanguage,
    branchName: options.branchName,
    screen: { name: 'attract' },
  };
  const listeners = new Set<CoreListener>();

  const update = (next: Partial<KioskState>): void => {
    current = { ...current, ...next };
    for (const listener of listeners) listener({ event: 'kiosk.state', payload: current });
  };

  const handlers: IpcHandlers = {
    'kiosk.getState': () => current,
    'kiosk.setLanguage': ({ language }) => update({ language }),
    'staff.open': () => update({ screen: { name: 'staff-pin', rejected: false } }),
    'staff.submitPin': async ({ pin }) => {
      if (current.screen.name !== 'staff-pin') return { accepted: false };
      const accepted = await options.staffPin.check(pin);
      update({ screen: accepted ? { name: 'staff' } : { name: 'staff-pin', rejected: true } });
      return { accepted };
    },
    'staff.exit': () => update({ screen: { name: 'attract' } }),
  };

  return {
    handlers,
    state: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
