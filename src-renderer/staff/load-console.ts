import type { Component } from 'svelte';
import type { ScreenProps } from '../lib/screens';

export type ConsoleLoad =
  { ok: true; Staff: Component<ScreenProps<'staff'>> } | { ok: false; reason: string };

let loading: Promise<ConsoleLoad> | undefined;

/**
 * The staff console, imported once (later calls share the first promise). A failed load (a file
 * of the installation missing or damaged) is a value, and the next call tries again.
 */
export function loadConsole(): Promise<ConsoleLoad> {
  loading ??= import('./console-chunk').then(
    (chunk): ConsoleLoad => ({ ok: true, Staff: chunk.Staff }),
    (error: unknown): ConsoleLoad => {
      loading = undefined;
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    },
  );
  return loading;
}
