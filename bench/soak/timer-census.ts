/**
 * Counts the kiosk process's live timers, unref'd ones included (`getActiveResourcesInfo` lists
 * only those that keep the process alive, and the kiosk unrefs its own). Imported first by
 * host-child.ts, before any module that schedules a timer: it wraps the global and `node:timers`
 * setTimeout and setInterval and keeps each timer until Node marks it destroyed (fired, cleared
 * or closed).
 */
import { syncBuiltinESMExports } from 'node:module';
import timers from 'node:timers';

interface NodeTimer {
  _destroyed?: boolean;
}

const live = new Set<NodeTimer>();

function census<F extends (...args: never[]) => unknown>(schedule: F): F {
  return ((...args: Parameters<F>) => {
    const timer = schedule(...args) as NodeTimer;
    live.add(timer);
    return timer;
  }) as F;
}

const setTimeoutCounted = census(globalThis.setTimeout);
const setIntervalCounted = census(globalThis.setInterval);
// Keeps `setTimeout[util.promisify.custom]` and the like.
Object.assign(setTimeoutCounted, globalThis.setTimeout);
Object.assign(setIntervalCounted, globalThis.setInterval);
globalThis.setTimeout = setTimeoutCounted;
globalThis.setInterval = setIntervalCounted;
timers.setTimeout = setTimeoutCounted;
timers.setInterval = setIntervalCounted;
syncBuiltinESMExports();

/** Timers scheduled and neither fired (one-shot), cleared nor closed. */
export function liveTimers(): number {
  for (const timer of live) if (timer._destroyed) live.delete(timer);
  return live.size;
}
