import type { StaffAuth } from '../auth/staff-auth';
import type {
  EventName,
  EventPayload,
  IpcHandlers,
  KioskState,
  Language,
  ResponseOf,
  Screen,
  StaffView,
} from '../ipc/contract';
import { classify } from '../scanner/classify';
import type { ScanEvent } from '../scanner/scan-event';
import type { ScannerService } from '../scanner/scanner-service';
import type { ScannerSettings } from '../scanner/settings-schema';
import type { PinGate } from './staff-pin';

export type CoreEvent = { [E in EventName]: { event: E; payload: EventPayload<E> } }[EventName];
export type CoreListener = (event: CoreEvent) => void;

export type SignInPresentation = ResponseOf<'auth.beginSignIn'>;

export interface KioskCoreOptions {
  branchName: string;
  defaultLanguage: Language;
  /** Absent when no staff PIN is configured: staff mode then stays shut. */
  staffPin: PinGate | undefined;
  auth: Pick<StaffAuth, 'status' | 'onStatusChange' | 'signOut'>;
  /** Host-specific: Electron shows the page itself, the web host hands a popup URL back. */
  presentSignIn(): Promise<SignInPresentation>;
  scanner: Pick<ScannerService, 'status' | 'onScan' | 'onStatus' | 'submitWedgeScan'>;
  scannerSettings: ScannerSettings;
  service: StaffView['service'];
}

export interface KioskCore {
  readonly handlers: IpcHandlers;
  state(): KioskState;
  /** Subscribe to core events; returns the unsubscribe function. */
  subscribe(listener: CoreListener): () => void;
  dispose(): void;
}

/** Owns the kiosk's state; the renderer only draws what this sends and asks for changes. */
export function createKioskCore(options: KioskCoreOptions): KioskCore {
  const { scannerSettings } = options;
  let language = options.defaultLanguage;
  let screen: Screen = { name: 'attract' };
  let lastScan: StaffView['lastScan'];
  const listeners = new Set<CoreListener>();

  const wedge = {
    wedgeMaxAvgIntervalMs: scannerSettings.wedgeMaxAvgIntervalMs,
    wedgeMinLength: scannerSettings.wedgeMinLength,
    wedgeSuffixKeys: scannerSettings.wedgeSuffixKeys,
    wedgeHoldMs: scannerSettings.wedgeHoldMs,
  };

  const state = (): KioskState => ({
    language,
    branchName: options.branchName,
    screen,
    wedge,
    // Staff details (account, device, scanned codes) exist in the state only while staff mode is open.
    ...(screen.name === 'staff'
      ? {
          staff: {
            auth: options.auth.status(),
            scanner: options.scanner.status(),
            service: options.service,
            ...(lastScan ? { lastScan } : {}),
          },
        }
      : {}),
  });

  const emit = (): void => {
    const payload = state();
    for (const listener of listeners) listener({ event: 'kiosk.state', payload });
  };

  const show = (next: Screen): void => {
    screen = next;
    if (next.name !== 'staff') lastScan = undefined;
    emit();
  };

  const onScan = (scan: ScanEvent): void => {
    if (screen.name !== 'staff') return;
    lastScan = { ...scan, classification: classify(scan.code, scannerSettings) };
    emit();
  };

  const subscriptions = [
    options.auth.onStatusChange(() => screen.name === 'staff' && emit()),
    options.scanner.onStatus(() => screen.name === 'staff' && emit()),
    options.scanner.onScan(onScan),
  ];

  const handlers: IpcHandlers = {
    'kiosk.getState': () => state(),
    'kiosk.setLanguage': ({ language: next }) => {
      language = next;
      emit();
    },
    'staff.open': () =>
      show({ name: 'staff-pin', rejected: false, configured: !!options.staffPin }),
    'staff.submitPin': async ({ pin }) => {
      if (screen.name !== 'staff-pin' || !options.staffPin) return { accepted: false };
      const accepted = await options.staffPin.check(pin);
      show(accepted ? { name: 'staff' } : { name: 'staff-pin', rejected: true, configured: true });
      return { accepted };
    },
    'staff.exit': () => show({ name: 'attract' }),
    'auth.beginSignIn': async () => {
      if (screen.name !== 'staff') return { presentation: 'refused' };
      return options.presentSignIn();
    },
    'auth.signOut': async () => {
      if (screen.name === 'staff') await options.auth.signOut();
    },
    'scanner.submitWedgeScan': (submission) => options.scanner.submitWedgeScan(submission),
  };

  return {
    handlers,
    state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      for (const unsubscribe of subscriptions) unsubscribe();
      listeners.clear();
    },
  };
}
