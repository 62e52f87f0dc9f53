import { watch, type FSWatcher } from 'node:fs';
import type { Logger } from '../../src-shared/log/logger';

/** Says "the set of HID devices may have changed"; the source then enumerates once. */
export interface DeviceWatcher {
  start(onChange: () => void): void;
  stop(): void;
}

/**
 * Elsewhere node-hid offers no plug events (OS notifications would need another native module),
 * so this calls on a slow timer. The source ignores the call while a scanner is open, when an
 * unplug shows up as a read error instead, so enumeration happens only while none is connected.
 */
export class IntervalWatcher implements DeviceWatcher {
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly intervalMs = 5000) {}

  start(onChange: () => void): void {
    this.stop();
    this.#timer = setInterval(onChange, this.intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}

/**
 * Linux: hidraw nodes appear in and vanish from /dev as devices are plugged and unplugged, and
 * inotify (fs.watch) reports that at no cost, so nothing polls. A burst of events (one plug
 * creates several nodes, then udev sets their permissions) becomes one call after `settleMs`.
 * If the directory cannot be watched, falls back to the interval watcher.
 */
export class HidrawWatcher implements DeviceWatcher {
  #watcher: FSWatcher | undefined;
  #timer: NodeJS.Timeout | undefined;
  #fallback: IntervalWatcher | undefined;

  constructor(
    private readonly log: Logger,
    private readonly directory = '/dev',
    private readonly settleMs = 300,
  ) {}

  start(onChange: () => void): void {
    this.stop();
    const changed = (): void => {
      clearTimeout(this.#timer);
      this.#timer = setTimeout(onChange, this.settleMs);
    };
    try {
      this.#watcher = watch(this.directory, { persistent: false }, (_event, name) => {
        if (name === null || String(name).startsWith('hidraw')) changed();
      });
      this.#watcher.on('error', (error) => {
        this.log.warn('device watch failed; falling back to slow enumeration', { error });
        this.#useFallback(onChange);
      });
    } catch (error) {
      this.log.warn('cannot watch for hidraw nodes; falling back to slow enumeration', { error });
      this.#useFallback(onChange);
    }
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#watcher?.close();
    this.#watcher = undefined;
    this.#fallback?.stop();
    this.#fallback = undefined;
  }

  #useFallback(onChange: () => void): void {
    this.stop();
    this.#fallback = new IntervalWatcher();
    this.#fallback.start(onChange);
  }
}

/** The cheapest watcher for this platform. */
export function platformWatcher(log: Logger): DeviceWatcher {
  return process.platform === 'linux' ? new HidrawWatcher(log) : new IntervalWatcher();
}
