import type { KioskBridge, KioskState } from '../../src-main/ipc/contract';

export interface KioskStateView {
  readonly current: KioskState | undefined;
}

/** The latest state the core sent; screens render from it and nothing else. */
export function trackKioskState(bridge: KioskBridge): KioskStateView {
  let state = $state<KioskState | undefined>(undefined);
  bridge.on('kiosk.state', (next) => {
    state = next;
  });
  void bridge.invoke('kiosk.getState').then((result) => {
    if (result.ok && state === undefined) state = result.value;
  });
  return {
    get current() {
      return state;
    },
  };
}
