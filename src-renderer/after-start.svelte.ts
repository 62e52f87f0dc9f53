import type { Component } from 'svelte';
import type { KioskBridge, KioskState, Routing } from '../src-common/ipc/contract';
import type { KioskStateView } from './lib/kiosk-state.svelte';
import type { ScreenProps } from './lib/screens';

export interface AfterStart {
  /** Audio mode and the keypad (src-renderer/access/). */
  Access: Component<{ kiosk: KioskStateView; bridge: KioskBridge }>;
  EmailEntry: Component<ScreenProps<'email-entry'>>;
  Receipt: Component<ScreenProps<'receipt'>>;
  PinEntry: Component<ScreenProps<'pin-entry'>>;
  Thanks: Component<ScreenProps<'thanks'>>;
  StillThere: Component<{ deadline: number; printsReceipt?: boolean; bridge: KioskBridge }>;
  SystemNotes: Component<{ routing?: Routing | undefined; words?: string[] | undefined }>;
  DemoStrip: Component<{ kiosk: KioskState; bridge: KioskBridge }>;
  AccessBar: Component<{ kiosk: KioskState; bridge: KioskBridge }>;
}

/**
 * What the first screen does not need: the screens a session reaches only by a patron's choice
 * (find me by email, with its on-screen keyboard; a receipt; a card's PIN, where the library asks
 * for one), "still there?", which cannot show before a session has waited most of its timeout,
 * what only a SIP2 back end tells the patron (SystemNotes), demo mode's strip, audio mode
 * with the keypad (Access), which a patron starts with a key once the first screen is there, and
 * the patron's access bar (AccessBar: high contrast, larger text, lower controls, audio).
 * Each is a chunk of its own, fetched as soon as the first screen shows (the strip before it, in
 * demo mode), so a patron's first load does not carry them. (In one chunk together, the bundler splits
 * the code they share with the first load into a further chunk, which costs more than it saves.)
 */
const LATER: { [K in keyof AfterStart]: () => Promise<{ default: AfterStart[K] }> } = {
  Access: () => import('./access/Access.svelte'),
  EmailEntry: () => import('./patron/screens/EmailEntry.svelte'),
  Receipt: () => import('./patron/screens/Receipt.svelte'),
  PinEntry: () => import('./patron/screens/PinEntry.svelte'),
  Thanks: () => import('./patron/screens/Thanks.svelte'),
  StillThere: () => import('./patron/components/StillThere.svelte'),
  SystemNotes: () => import('./patron/components/SystemNotes.svelte'),
  DemoStrip: () => import('./shared/DemoStrip.svelte'),
  AccessBar: () => import('./patron/components/AccessBar.svelte'),
};

/**
 * Each component once it is in, and whether its fetch has settled (in or failed): reactive, so
 * what needs one shows as it arrives.
 */
export const afterStart = $state<{
  components: Partial<AfterStart>;
  settled: Partial<Record<keyof AfterStart, boolean>>;
}>({ components: {}, settled: {} });

const loading: Partial<Record<keyof AfterStart, Promise<void>>> = {};

function load<K extends keyof AfterStart>(name: K): Promise<void> {
  loading[name] ??= LATER[name]().then(
    (module) => {
      afterStart.components[name] = module.default;
      afterStart.settled[name] = true;
    },
    (error: unknown) => {
      // A file of the installation missing or damaged: tried again on the next call.
      delete loading[name];
      afterStart.settled[name] = true;
      console.error(`${name} could not be loaded:`, error);
    },
  );
  return loading[name];
}

/** Fetches the named components (all, by default) once each; later calls share the fetch. */
export function loadAfterStart(
  names: (keyof AfterStart)[] = [
    'Access',
    'EmailEntry',
    'Receipt',
    'PinEntry',
    'Thanks',
    'StillThere',
    'SystemNotes',
    'DemoStrip',
    'AccessBar',
  ],
): void {
  for (const name of names) void load(name);
}
