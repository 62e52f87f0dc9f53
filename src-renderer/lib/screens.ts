import type { Component } from 'svelte';
import type { KioskBridge, KioskState, Screen, ScreenName } from '../../src-common/ipc/contract';

export type ScreenOf<N extends ScreenName> = Extract<Screen, { name: N }>;

/** What every screen component receives: its own screen, the whole state, and the bridge. */
export interface ScreenProps<N extends ScreenName> {
  screen: ScreenOf<N>;
  kiosk: KioskState;
  bridge: KioskBridge;
}

/** One component per screen name; a screen added to the contract without one does not compile. */
export type ScreenTable = { [N in ScreenName]: Component<ScreenProps<N>> };

/** The component for the state's screen with its props, paired so the compiler checks the pair. */
export function screenView<N extends ScreenName>(
  table: ScreenTable,
  props: ScreenProps<N> & { screen: { name: N } },
): { component: Component<ScreenProps<N>>; props: ScreenProps<N> } {
  return { component: table[props.screen.name], props };
}
