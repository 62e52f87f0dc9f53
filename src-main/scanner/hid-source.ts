import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createLogger, type Logger } from '../../src-shared/log/logger';
import { createDecoder, type DecoderLimits, type ReportDecoder } from './decode';
import { decodingFor, selectDevice } from './device-select';
import type { DeviceWatcher } from './device-watcher';
import type { HidBackend, HidDeviceInfo, HidHandle } from './hid-backend';
import type { ScanRejectReason, ScanSource } from '../../src-common/ipc/scan-event';
import type { ReportFormat, ScannerDevice } from './settings-schema';
import type { ScannerErrorKind, ScannerStatus } from '../../src-common/ipc/scanner-status';

export interface RawScan {
  text: string;
  source: ScanSource;
  symbology?: string;
}

export interface HidSourceEvents {
  scan(raw: RawScan): void;
  reject(reason: ScanRejectReason, source: ScanSource): void;
  status(status: ScannerStatus): void;
}

export interface HidSourceOptions {
  backend: HidBackend;
  watcher: DeviceWatcher;
  selection: ScannerDevice;
  format: ReportFormat;
  events: HidSourceEvents;
  limits?: Partial<DecoderLimits>;
  /** Delays before retrying a failed open or read; the last one repeats. */
  retryDelaysMs?: readonly number[];
  /** Wall clock for status timestamps; `monotonic` drives the decoders. */
  now?: () => number;
  monotonic?: () => number;
  log?: Logger;
}

const DEFAULT_RETRY_MS = [1000, 2000, 5000, 15_000, 30_000];

/** Set by the node-hid backend when the native module cannot load; retrying will not help. */
const isBackendUnavailable = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'kind' in error &&
  error.kind === 'backend-unavailable';

/**
 * Reads one HID scanner: finds it, opens it, decodes its reports, and on unplug or error closes
 * it and waits for the device watcher (or a backoff timer) to try again. Nothing here throws into
 * node-hid's callbacks or leaves a promise unhandled: a scanner fault never takes the process down.
 */
export class HidScannerSource {
  readonly #o: Required<Omit<HidSourceOptions, 'limits'>> & { limits: Partial<DecoderLimits> };
  #status: ScannerStatus = { state: 'off' };
  #handle: HidHandle | undefined;
  #device: HidDeviceInfo | undefined;
  #decoder: ReportDecoder | undefined;
  #source: ScanSource = 'hid-pos';
  // Bumped by stop(): async work started under an older generation discards its result.
  #generation = 0;
  #running = false;
  #connecting = false;
  #rescan = false;
  #retryTimer: NodeJS.Timeout | undefined;
  #retryIndex = 0;

  constructor(options: HidSourceOptions) {
    this.#o = {
      limits: {},
      retryDelaysMs: DEFAULT_RETRY_MS,
      now: Date.now,
      monotonic: () => performance.now(),
      log: createLogger('scanner:hid'),
      ...options,
    };
  }

  get status(): ScannerStatus {
    return this.#status;
  }

  start(): void {
    if (this.#running) return;
    if (this.#o.selection.mode === 'off') {
      this.#setStatus({ state: 'off' });
      return;
    }
    this.#running = true;
    this.#o.watcher.start(() => this.#devicesChanged());
    void this.#connect();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#generation++;
    this.#o.watcher.stop();
    clearTimeout(this.#retryTimer);
    const handle = this.#handle;
    this.#handle = undefined;
    if (handle) await this.#close(handle);
    this.#setStatus({ state: 'off' });
  }

  #devicesChanged(): void {
    if (!this.#running) return;
    if (this.#handle) {
      // A vanished device node (/dev/hidrawN) means our scanner left, even before a read error.
      const path = this.#device?.path;
      if (path?.startsWith('/') && !existsSync(path)) this.#lost(this.#handle, 'node removed');
      return;
    }
    clearTimeout(this.#retryTimer);
    void this.#connect();
  }

  async #connect(): Promise<void> {
    if (this.#connecting) {
      this.#rescan = true;
      return;
    }
    this.#connecting = true;
    const generation = this.#generation;
    try {
      do {
        this.#rescan = false;
        await this.#attempt(generation);
      } while (this.#rescan && !this.#handle && generation === this.#generation);
    } catch (error) {
      this.#o.log.error('scanner connect failed unexpectedly', { error });
    } finally {
      this.#connecting = false;
    }
  }

  async #attempt(generation: number): Promise<void> {
    const { backend, selection, format, log } = this.#o;
    let devices: HidDeviceInfo[];
    try {
      devices = await backend.devices();
    } catch (error) {
      if (generation !== this.#generation) return;
      const kind = isBackendUnavailable(error) ? 'backend-unavailable' : 'enumerate-failed';
      log.error('cannot list HID devices', { kind, error });
      this.#fail(kind, undefined, kind === 'enumerate-failed');
      return;
    }
    if (generation !== this.#generation) return;
    const device = selectDevice(devices, selection, format);
    if (!device) {
      this.#setStatus({ state: 'disconnected', ...this.#lastError() });
      return;
    }
    this.#setStatus({ state: 'connecting', device: deviceSummary(device), ...this.#lastError() });
    let handle: HidHandle;
    try {
      handle = await backend.open(device.path);
    } catch (error) {
      if (generation !== this.#generation) return;
      log.error('cannot open scanner (check the udev rule)', {
        vendorId: device.vendorId,
        productId: device.productId,
        error,
      });
      this.#fail('open-failed', device, true);
      return;
    }
    if (generation !== this.#generation) {
      await this.#close(handle);
      return;
    }
    const decoding = decodingFor(device, format);
    this.#decoder = createDecoder(decoding.decoder, this.#o.limits);
    this.#source = decoding.source;
    this.#device = device;
    this.#handle = handle;
    handle.on('data', (report) => {
      if (this.#handle === handle) this.#report(report);
    });
    handle.on('error', (error) => {
      if (this.#handle === handle) this.#lost(handle, error);
    });
    log.info('scanner connected', {
      vendorId: device.vendorId,
      productId: device.productId,
      decoder: decoding.decoder,
    });
    this.#setStatus({ state: 'connected', device: deviceSummary(device) });
  }

  #report(report: Uint8Array): void {
    const decoder = this.#decoder;
    if (!decoder) return;
    this.#retryIndex = 0;
    try {
      for (const outcome of decoder.push(report, this.#o.monotonic())) {
        if (outcome.ok) {
          const raw: RawScan = { text: outcome.value.text, source: this.#source };
          if (outcome.value.symbology !== undefined) raw.symbology = outcome.value.symbology;
          this.#o.events.scan(raw);
        } else {
          this.#o.events.reject(outcome.error, this.#source);
        }
      }
    } catch (error) {
      // Decoders do not throw (a fuzz test holds them to it); if one ever does, drop its state.
      this.#o.log.error('report handling failed', { error });
      decoder.reset();
    }
  }

  #lost(handle: HidHandle, error: unknown): void {
    this.#o.log.warn('scanner disconnected', { error });
    this.#handle = undefined;
    this.#decoder = undefined;
    void this.#close(handle);
    this.#setStatus({
      state: 'disconnected',
      lastError: { kind: 'read-failed', at: this.#o.now() },
    });
    // Still listed (a transient fault)? The retry reopens it; gone? the watcher brings it back.
    this.#scheduleRetry();
  }

  #fail(kind: ScannerErrorKind, device: HidDeviceInfo | undefined, retry: boolean): void {
    this.#setStatus({
      state: 'error',
      ...(device ? { device: deviceSummary(device) } : {}),
      lastError: { kind, at: this.#o.now() },
    });
    if (retry) this.#scheduleRetry();
  }

  #scheduleRetry(): void {
    if (!this.#running) return;
    const delays = this.#o.retryDelaysMs;
    const delay = delays[Math.min(this.#retryIndex, delays.length - 1)] ?? 1000;
    this.#retryIndex++;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => void this.#connect(), delay);
    this.#retryTimer.unref();
  }

  async #close(handle: HidHandle): Promise<void> {
    try {
      await handle.close();
    } catch (error) {
      this.#o.log.debug('closing scanner failed', { error });
    }
  }

  #lastError(): Pick<ScannerStatus, 'lastError'> {
    return this.#status.lastError ? { lastError: this.#status.lastError } : {};
  }

  #setStatus(status: ScannerStatus): void {
    // Re-enumerating with nothing plugged in must not make the staff screen flicker.
    if (JSON.stringify(status) === JSON.stringify(this.#status)) return;
    this.#status = status;
    this.#o.events.status(status);
  }
}

function deviceSummary(device: HidDeviceInfo): NonNullable<ScannerStatus['device']> {
  return {
    vendorId: device.vendorId,
    productId: device.productId,
    ...(device.product ? { product: device.product.slice(0, 128) } : {}),
  };
}
