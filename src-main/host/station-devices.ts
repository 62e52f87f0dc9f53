import type { KioskCore } from '../core/kiosk-core';
import type { KioskMetrics } from '../metrics/kiosk-metrics';
import { ScannerInput } from '../scanner/scanner-input';
import { scannerMetricReporter } from '../scanner/scanner-metric';
import type { Settings } from '../settings/schema';
import type { HeadphoneWatcher } from '../speech/headphone-watcher';
import type { KioskVoice } from '../speech/kiosk-voice';
import { stationHeadphones, stationSpeech } from '../speech/station-audio';
import type { HostAdapters } from './bootstrap';

/**
 * The station's scanner, started (the host's HID back end, else node-hid), with monitoring told
 * whether it is connected from now on; the second stop ends the report.
 */
export function startScanner(
  settings: Settings,
  adapters: HostAdapters,
  metrics: KioskMetrics,
): { scanner: ScannerInput; stopScannerReport: () => void } {
  const scanner = new ScannerInput({
    settings: settings.scanner,
    ...(adapters.hidBackend ? { backend: adapters.hidBackend } : {}),
  });
  scanner.start();
  const reportScanner = scannerMetricReporter(settings.scanner.device, (connected) =>
    metrics.scannerConnected(connected),
  );
  const scannerReport = (): void => reportScanner(scanner.status().state);
  const stopScannerReport = scanner.onStatus(scannerReport);
  scannerReport();
  return { scanner, stopScannerReport };
}

/** The speech engine of audio mode, with its voices; the transcript is the tests' alone. */
export function stationVoice(settings: Settings, adapters: HostAdapters): KioskVoice {
  return stationSpeech({
    voices: settings.accessibility.voices,
    ...(adapters.speechTranscript ? { transcript: true } : {}),
  });
}

/**
 * Headphones plugged in turn audio mode on in the core, where the settings ask for it and the
 * station can tell. Not awaited: a sound server slow to answer must not hold the kiosk's start.
 */
export function startHeadphones(settings: Settings, core: KioskCore): HeadphoneWatcher | undefined {
  const headphones = stationHeadphones({
    enabled: settings.accessibility.audioOnHeadphones,
    onPlugged: () => void core.handlers['patron.kiosk.setAccess']({ audio: true }),
  });
  void headphones?.start();
  return headphones;
}
