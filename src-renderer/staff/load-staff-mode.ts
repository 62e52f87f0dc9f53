import type { Component } from 'svelte';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { ScreenProps } from '../lib/screens';

/** Staff mode's screens, or why their chunk did not load. */
export type StaffModeLoad = Result<
  {
    StaffPin: Component<ScreenProps<'staff-pin'>>;
    StaffConsole: Component<ScreenProps<'staff'>>;
  },
  string
>;

let loading: Promise<StaffModeLoad> | undefined;

/**
 * Staff mode's screens, imported once (later calls share the first promise). A failed load (a
 * file of the installation missing or damaged) is a value, and the next call tries again.
 */
export function loadStaffMode(): Promise<StaffModeLoad> {
  loading ??= import('./staff-mode-chunk').then(
    (chunk): StaffModeLoad => ok({ StaffPin: chunk.StaffPin, StaffConsole: chunk.StaffConsole }),
    (error: unknown): StaffModeLoad => {
      loading = undefined;
      return err(error instanceof Error ? error.message : String(error));
    },
  );
  return loading;
}
