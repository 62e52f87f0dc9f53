import type { Component } from 'svelte';
import type { KioskBridge, KioskState } from '../src-common/ipc/contract';
import type { ScreenProps } from './lib/screens';

/**
 * What the first screen does not need: the screens a session reaches only by a patron's choice
 * (find me by email, with its on-screen keyboard; a receipt) and demo mode's strip. Each is a
 * chunk of its own, fetched as soon as the first screen shows (before it, in demo mode), so a
 * patron's first load does not carry them. (In one chunk together, the bundler splits the code
 * they share with the first load into a further chunk, which costs more than it saves.)
 */
const LATER = {
  EmailEntry: () => import('./patron/screens/EmailEntry.svelte'),
  Receipt: () => import('./patron/screens/Receipt.svelte'),
  DemoStrip: () => import('./shared/DemoStrip.svelte'),
};

export interface AfterStart {
  EmailEntry: Component<ScreenProps<'email-entry'>>;
  Receipt: Component<ScreenProps<'receipt'>>;
  DemoStrip: Component<{ kiosk: KioskState; bridge: KioskBridge }>;
}

/**
 * The after-start components once they are in, and whether a fetch has settled (in or failed):
 * reactive, so what needs them shows as they arrive.
 */
export const afterStart = $state<{ components?: AfterStart; settled: boolean }>({
  settled: false,
});

let loading: Promise<void> | undefined;

/**
 * Fetches the after-start components once (later calls share the fetch). A failed fetch (a file
 * of the installation missing or damaged) is tried again on the next call.
 */
export function loadAfterStart(): Promise<void> {
  loading ??= Promise.all([LATER.EmailEntry(), LATER.Receipt(), LATER.DemoStrip()]).then(
    ([email, receipt, demo]) => {
      afterStart.components = {
        EmailEntry: email.default,
        Receipt: receipt.default,
        DemoStrip: demo.default,
      };
      afterStart.settled = true;
    },
    (error: unknown) => {
      loading = undefined;
      afterStart.settled = true;
      console.error('The after-start screens could not be loaded:', error);
    },
  );
  return loading;
}
