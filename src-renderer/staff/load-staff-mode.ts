import type { Component } from 'svelte';
import type { ScreenProps } from '../lib/screens';

export type StaffModeLoad =
  | {
      ok: true;
      StaffPin: Component<ScreenProps<'staff-pin'>>;
      StaffConsole: Component<ScreenProps<'staff'>>;
    }
  | { ok: false; reason: string };

let loading: Promise<StaffModeLoad> | undefined;

/**
 * Staff mode's screens, imported once (later calls share the first promise). A failed load (a
 * file of the installation missing or damaged) is a value, and the next call tries again.
 */
export function loadStaffMode(): Promise<StaffModeLoad> {
  loading ??= import('./staff-mode-chunk').then(
    (chunk): StaffModeLoad => ({
      ok: true,
      StaffPin: chunk.StaffPin,
      StaffConsole: chunk.StaffConsole,
    }),
    (error: unknown): StaffModeLoad => {
      loading = undefined;
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    },
  );
  return loading;
}
