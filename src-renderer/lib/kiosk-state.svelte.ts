import type { KioskBridge, KioskState } from '../../src-common/ipc/contract';
import { keepUnchanged } from './keep-unchanged';

export interface KioskStateView {
  readonly current: KioskState | undefined;
}

/** The latest state the core sent; screens render from it and nothing else. */
export function trackKioskState(bridge: KioskBridge): KioskStateView {
  // Raw: the renderer never changes the state, it replaces it. Each new state keeps the parts
  // of the last one that did not change, so Svelte redraws only what did (see keepUnchanged).
  let state = $state.raw<KioskState | undefined>(undefined);
  bridge.on('kiosk.state', (next) => {
    state = keepUnchanged(state, next);
  });
  void bridge.invoke('station.kiosk.getState').then((result) => {
    if (result.ok && state === undefined) state = result.value;
  });
  return {
    get current() {
      return state;
    },
  };
}
