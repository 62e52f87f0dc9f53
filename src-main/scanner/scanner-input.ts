import { performance } from 'node:perf_hooks';
import { createLogger, type Logger } from '../../src-shared/log/logger';
import type { DeviceWatcher } from './device-watcher';
import { platformWatcher } from './device-watcher';
import { DuplicateFilter } from './duplicate-filter';
import type { HidBackend } from './hid-backend';
import { HidScannerSource, type RawScan } from './hid-source';
import { nodeHidBackend } from './node-hid-backend';
import { normaliseCode } from './normalise';
import {
  WedgeScanSubmissionSchema,
  type ScanEvent,
  type ScanRejection,
  type ScanRejectReason,
  type ScanSource,
  type SubmitScanResult,
} from '../../src-common/ipc/scan-event';
import type { ScannerSettings } from './settings-schema';
import type { ScannerStatus } from '../../src-common/ipc/scanner-status';

export interface ScannerInputOptions {
  settings: ScannerSettings;
  backend?: HidBackend;
  /** Builds the plug watcher each time the HID source (re)starts. */
  watcher?: () => DeviceWatcher;
  retryDelaysMs?: readonly number[];
  /** Wall clock for `receivedAt`; `monotonic` for duplicate windows and decoder staleness. */
  now?: () => number;
  monotonic?: () => number;
  log?: Logger;
}

type Listener<T> = (value: T) => void;

/**
 * The kiosk's scanner input, the one the core listens to: the HID scanner (opened again as it is
 * plugged in and out) and wedge scans from the renderer, merged. Strips and validates codes, drops
 * duplicates, and tells listeners about scans, rejections and device status. Listeners never see raw bytes, and logs never see codes
 * (patron barcodes identify people): only lengths, sources and reasons.
 */
export class ScannerInput {
  #settings: ScannerSettings;
  readonly #backend: HidBackend;
  readonly #makeWatcher: () => DeviceWatcher;
  readonly #now: () => number;
  readonly #monotonic: () => number;
  readonly #log: Logger;
  readonly #retryDelaysMs: readonly number[] | undefined;
  #duplicates: DuplicateFilter;
  readonly #scanListeners = new Set<Listener<ScanEvent>>();
  readonly #rejectListeners = new Set<Listener<ScanRejection>>();
  readonly #statusListeners = new Set<Listener<ScannerStatus>>();
  #source: HidScannerSource | undefined;
  #status: ScannerStatus = { state: 'off' };

  constructor(options: ScannerInputOptions) {
    this.#settings = options.settings;
    this.#log = options.log ?? createLogger('scanner');
    this.#backend = options.backend ?? nodeHidBackend;
    this.#makeWatcher = options.watcher ?? (() => platformWatcher(this.#log));
    this.#now = options.now ?? Date.now;
    this.#monotonic = options.monotonic ?? (() => performance.now());
    this.#retryDelaysMs = options.retryDelaysMs;
    this.#duplicates = new DuplicateFilter(this.#settings.duplicateWindowMs, this.#monotonic);
  }

  onScan(listener: Listener<ScanEvent>): () => void {
    return subscribe(this.#scanListeners, listener);
  }

  onRejected(listener: Listener<ScanRejection>): () => void {
    return subscribe(this.#rejectListeners, listener);
  }

  onStatus(listener: Listener<ScannerStatus>): () => void {
    return subscribe(this.#statusListeners, listener);
  }

  status(): ScannerStatus {
    return this.#status;
  }

  start(): void {
    if (this.#source) return;
    this.#source = new HidScannerSource({
      backend: this.#backend,
      watcher: this.#makeWatcher(),
      selection: this.#settings.device,
      format: this.#settings.reportFormat,
      events: {
        scan: (raw) => this.#accept(raw),
        reject: (reason, source) => this.#reject(reason, source),
        status: (status) => this.#setStatus(status),
      },
      monotonic: this.#monotonic,
      now: this.#now,
      log: this.#log.child('hid'),
      ...(this.#retryDelaysMs ? { retryDelaysMs: this.#retryDelaysMs } : {}),
    });
    this.#source.start();
  }

  async stop(): Promise<void> {
    const source = this.#source;
    this.#source = undefined;
    if (source) await source.stop();
    this.#setStatus({ state: 'off' });
  }

  /** Applies new settings; the device is reopened only when its selection or format changed. */
  async updateSettings(settings: ScannerSettings): Promise<void> {
    const previous = this.#settings;
    this.#settings = settings;
    if (previous.duplicateWindowMs !== settings.duplicateWindowMs) {
      this.#duplicates.setWindow(settings.duplicateWindowMs);
    }
    const deviceChanged =
      JSON.stringify(previous.device) !== JSON.stringify(settings.device) ||
      previous.reportFormat !== settings.reportFormat;
    if (deviceChanged && this.#source) {
      await this.stop();
      this.start();
    }
  }

  /**
   * Forgets the codes seen recently, so the next scan of any of them is accepted at once. The core
   * calls it when a patron session ends or a lookup fails: a patron who scans the same card again
   * straight away means it, and the duplicate window must not swallow that.
   */
  forgetRecentScans(): void {
    this.#duplicates = new DuplicateFilter(this.#settings.duplicateWindowMs, this.#monotonic);
  }

  /** A scan the renderer's wedge detector recognised; the payload is untrusted. */
  submitWedgeScan(payload: unknown): SubmitScanResult {
    const parsed = WedgeScanSubmissionSchema.safeParse(payload);
    if (!parsed.success) {
      this.#log.warn('wedge scan payload rejected');
      return { accepted: false, reason: 'invalid-payload' };
    }
    return this.#accept({ text: parsed.data.code, source: 'wedge' });
  }

  #accept(raw: RawScan): SubmitScanResult {
    const normalised = normaliseCode(raw.text, this.#settings);
    if (!normalised.ok) return this.#reject(normalised.error, raw.source, raw.text.length);
    if (!this.#duplicates.admit(normalised.value)) {
      this.#log.debug('duplicate scan ignored', { source: raw.source });
      return { accepted: false, reason: 'duplicate' };
    }
    const event: ScanEvent = {
      code: normalised.value,
      source: raw.source,
      receivedAt: this.#now(),
    };
    if (raw.symbology !== undefined) event.symbology = raw.symbology;
    this.#emit(this.#scanListeners, event);
    return { accepted: true, event };
  }

  #reject(reason: ScanRejectReason, source: ScanSource, length?: number): SubmitScanResult {
    this.#log.warn('scan rejected', {
      reason,
      source,
      ...(length === undefined ? {} : { length }),
    });
    this.#emit(this.#rejectListeners, { reason, source, receivedAt: this.#now() });
    return { accepted: false, reason };
  }

  #setStatus(status: ScannerStatus): void {
    if (JSON.stringify(status) === JSON.stringify(this.#status)) return;
    this.#status = status;
    this.#emit(this.#statusListeners, status);
  }

  #emit<T>(listeners: Set<Listener<T>>, value: T): void {
    for (const listener of listeners) {
      try {
        listener(value);
      } catch (error) {
        // A faulty consumer must not break scanning for the others.
        this.#log.error('scanner listener failed', { error });
      }
    }
  }
}

function subscribe<T>(set: Set<Listener<T>>, listener: Listener<T>): () => void {
  set.add(listener);
  return () => set.delete(listener);
}
