import type { Component } from 'svelte';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { ScreenProps } from '../lib/screens';

/** The staff console, or why its chunk did not load. */
export type ConsoleLoad = Result<Component<ScreenProps<'staff'>>, string>;

let loading: Promise<ConsoleLoad> | undefined;

/**
 * The staff console, imported once (later calls share the first promise). A failed load (a file
 * of the installation missing or damaged) is a value, and the next call tries again.
 */
export function loadConsole(): Promise<ConsoleLoad> {
  loading ??= import('./console-chunk').then(
    (chunk): ConsoleLoad => ok(chunk.Staff),
    (error: unknown): ConsoleLoad => {
      loading = undefined;
      return err(error instanceof Error ? error.message : String(error));
    },
  );
  return loading;
}
