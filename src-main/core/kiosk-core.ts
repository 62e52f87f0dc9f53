import type { DemoGuide } from '../../src-common/ipc/demo-guide';
import type { StaffAuth } from '../auth/staff-auth';
import { createSessionDriver } from '../circulation/session-driver';
import type { CirculationPort } from '../library/circulation-port';
import type { Clock } from '../platform/clock';
import { sessionScreen } from '../circulation/session-screen';
import type { BranchName } from './branch-name';
import type { ReceiptMailer } from '../receipt-mail/mailer';
import type {
  EventName,
  EventPayload,
  IpcHandlers,
  KioskState,
  Language,
  ResponseOf,
  Theme,
} from '../../src-common/ipc/contract';
import type { Receipt, ScannerPlace } from '../../src-common/ipc/patron';
import type { GateState } from '../ipc/choke-point';
import type { ScannerInput } from '../scanner/scanner-input';
import type { ScannerSettings } from '../scanner/settings-schema';
import {
  AccessibilitySettingsSchema,
  type AccessibilitySettings,
  type OfflineSettings,
  type PatronSettings,
  type ReceiptSettings,
} from '../settings/schema';
import type { SpeechAnswer, SpeechRequest } from '../../src-common/ipc/access';
import type { OfflineCirculation } from '../circulation/offline/offline-circulation';
import type { ConsoleDependencies } from './console/deps';
import { createPatronChoices } from './patron-choices';
import { offlineHandlers, patronChoiceHandlers, patronSessionHandlers } from './routed-handlers';
import { scanRouting } from './scan-routing';
import { stationSessionConfig } from './session-config';
import { createStaffSide } from './staff-side';
import type { StaffCardCheck } from '../staff-pin/staff-card';
import type { PinGate } from '../staff-pin/gate';
import type { KioskMetrics } from '../metrics/kiosk-metrics';

export type CoreEvent = { [E in EventName]: { event: E; payload: EventPayload<E> } }[EventName];
export type CoreListener = (event: CoreEvent) => void;

export type SignInPresentation = ResponseOf<'staff.auth.beginSignIn'>;

/** Who prints the receipt: the renderer (the browser's dialog) or the host (silently). */
export type ReceiptPrinting =
  { printBy: 'renderer' } | { printBy: 'host'; print(receipt: Receipt): Promise<void> };

export interface KioskCoreOptions {
  /** The configured branch name (`kiosk.branchName`); empty: `branch`'s, when given. */
  branchName: string;
  /** The branch's name as the service's branch list gives it, once read (core/branch-name.ts). */
  branch?: Pick<BranchName, 'name' | 'onChange'>;
  /** Where the station's scanner is (settings `kiosk.scannerPlace`); absent, not said. */
  scannerPlace?: ScannerPlace;
  defaultLanguage: Language;
  defaultTheme: Theme;
  /** Feedback and speech volume, 0 to 1. */
  volume: number;
  /** Audio mode, large text, low reach, keypad (settings `accessibility`); absent, the defaults. */
  accessibility?: AccessibilitySettings;
  /**
   * Makes speech for audio mode (src-main/speech); absent, the renderer is told there is none.
   * `forget` at every session's end: nothing said to a patron outlives their session.
   */
  speech?: { say(request: SpeechRequest): Promise<SpeechAnswer>; forget(): void };
  /** Absent when no staff PIN is configured: staff mode then stays shut. */
  staffPin: PinGate | undefined;
  /** The staff card, which lets the PIN screen's PINs past a lockout (staff-pin/staff-card.ts). */
  staffCard?: StaffCardCheck;
  /** Staff mode closes after this long without a staff action. */
  staffIdleTimeoutMs: number;
  /** Started in demo mode (the demo PIN works): the screens say so. */
  demo: boolean;
  /** In demo mode: the PIN, the demo staff account, cards, items and e-mail the screens offer. */
  demoGuide?: DemoGuide;
  /**
   * The embedded service's demo items as they stand now: the guide's lists follow loans and
   * returns (made here or anywhere else) instead of the seed's. Absent, the guide's own lists.
   */
  demoItems?: () => Pick<DemoGuide, 'availableItems' | 'loanedItems'>;
  auth: Pick<StaffAuth, 'status' | 'onStatusChange' | 'signOut' | 'cancelSignIn'>;
  /** Host-specific: Electron shows the page itself, the web host hands a popup URL back. */
  presentSignIn(): Promise<SignInPresentation>;
  /**
   * Ends a sign-in in progress, with the page the host showed for it (Electron's sign-in view);
   * absent, `staff.auth.cancelSignIn` alone (the web host's renderer closes its popup).
   */
  cancelSignIn?(): void;
  scanner: Pick<
    ScannerInput,
    'status' | 'onScan' | 'onRejected' | 'onStatus' | 'submitWedgeScan' | 'forgetRecentScans'
  >;
  scannerSettings: ScannerSettings;
  service: NonNullable<KioskState['staff']>['service'];
  circulation: CirculationPort;
  patron: PatronSettings;
  receiptMode: ReceiptSettings['mode'];
  /** The receipt question's timing and what its silence means; absent, the settings' defaults. */
  receiptQuestion?: Pick<ReceiptSettings, 'askTimeoutMs' | 'unanswered'>;
  /** The library's SMTP relay for e-mail receipts (`receipt.email`); absent, none are offered. */
  emailReceipt?: ReceiptMailer['send'];
  printing: ReceiptPrinting;
  /** Store and forward while the service is unreachable; absent, every call goes online. */
  offline?: { circulation: OfflineCirculation; settings: OfflineSettings };
  /**
   * The library asks patrons for their card's PIN (SIP2's `sip2.patronPin`): used when the back
   * end can check one (`circulation.memberWithPin`).
   */
  patronPin?: boolean;
  /**
   * Online, what the library system takes at the kiosk now (SIP2's ACS status flags); absent,
   * both. `onCirculationOffersChange` redraws the attract screen when they change.
   */
  circulationOffers?: () => { checkOut: boolean; checkIn: boolean };
  onCirculationOffersChange?: (listener: () => void) => () => void;
  /** False when the back end cannot find a member by email (SIP2): the attract screen hides it. */
  emailLookup?: boolean;
  /**
   * True when the patron flow's back end logs in on its own (SIP2): patrons are served with no
   * staff signed in. Absent, the kiosk is out of service until staff sign in.
   */
  servesWithoutSignIn?: boolean;
  /** The staff console's screens (members, documents, settings, diagnostics); absent, they say so. */
  console?: ConsoleDependencies;
  clock?: Clock;
  /** Sessions, circulation and scan to feedback reported to the fleet; absent, not reported. */
  metrics?: KioskMetrics;
}

/** `patron`: what any screen but the one in staff mode may see (no staff screen, no staff data). */
export type StateView = 'full' | 'patron';

export interface KioskCore {
  readonly handlers: IpcHandlers;
  state(view?: StateView): KioskState;
  /** Whether the PIN screen or staff mode is showing. */
  staffOpen(): boolean;
  /** What the choke point's gates read: which screens show, and staff activity. */
  readonly gates: GateState;
  /**
   * Staff at work outside the kiosk page (typing in the Electron sign-in view): while staff mode
   * shows, it counts as staff activity. False on any other screen.
   */
  admitStaff(): boolean;
  /** Subscribe to core events; returns the unsubscribe function. */
  subscribe(listener: CoreListener): () => void;
  dispose(): void;
}

/**
 * Owns the kiosk's state as slices (patron session, staff mode, scanner) and routes IPC calls
 * and scans to them; the renderer only draws what this sends and asks for changes.
 */
export function createKioskCore(options: KioskCoreOptions): KioskCore {
  const { scannerSettings } = options;
  const listeners = new Set<CoreListener>();
  const accessibility = options.accessibility ?? AccessibilitySettingsSchema.parse({});
  const choices = createPatronChoices({ ...options, accessibility });
  let feedback: KioskState['feedback'];
  // "Signed in" as the patron flow needs it: a SIP2 back end has its own login.
  const signedIn = (): boolean =>
    options.servesWithoutSignIn === true || options.auth.status().state === 'signed-in';
  let wasSignedIn = signedIn();

  // Without an email look-up (SIP2) the demo guide offers no demo email either.
  const demoGuide =
    options.demoGuide && options.emailLookup === false
      ? { ...options.demoGuide, email: undefined }
      : options.demoGuide;
  const branchName = (): string => options.branchName || options.branch?.name() || '';
  const config = stationSessionConfig(options, {
    accessibility,
    branchName,
    audio: () => choices.access().audio,
  });
  const offline = options.offline?.circulation;
  const wedge = {
    wedgeMaxAvgIntervalMs: scannerSettings.wedgeMaxAvgIntervalMs,
    wedgeMinLength: scannerSettings.wedgeMinLength,
    wedgeSuffixKeys: scannerSettings.wedgeSuffixKeys,
    wedgeHoldMs: scannerSettings.wedgeHoldMs,
  };

  const emit = (): void => {
    const payload = state();
    for (const listener of listeners) listener({ event: 'kiosk.state', payload });
  };

  const { staff, staffConsole, gates, cancelSignIn, ...staffSide } = createStaffSide(options, emit);
  const { printing } = options;
  const session = createSessionDriver({
    config,
    port: options.circulation,
    ...(offline ? { desk: offline.desk } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    signedOut: !wasSignedIn,
    onChange: emit,
    onSound: (sound) => (feedback = { id: (feedback?.id ?? 0) + 1, sound }),
    onResetChoices: () => {
      choices.reset();
      options.speech?.forget();
    },
    onForgetScans: () => options.scanner.forgetRecentScans(),
    ...(printing.printBy === 'host' ? { printReceipt: (receipt) => printing.print(receipt) } : {}),
    ...(options.emailReceipt ? { emailReceipt: options.emailReceipt } : {}),
  });

  function state(view: StateView = 'full'): KioskState {
    const staffScreen = view === 'full' ? staff.screen() : undefined;
    const patron = session.state();
    return {
      language: choices.language(),
      theme: choices.theme(),
      branchName: branchName(),
      screen: staffScreen ?? sessionScreen(config, patron),
      wedge,
      ...(!staffScreen && patron.notice ? { notice: patron.notice } : {}),
      ...(!staffScreen && patron.ended ? { sessionEnded: patron.ended } : {}),
      ...(feedback ? { feedback } : {}),
      volume: choices.volume(),
      access: choices.access(),
      accessStation: choices.accessStation,
      ...(options.demo ? { demo: true as const } : {}),
      ...(options.demo && demoGuide
        ? { demoGuide: options.demoItems ? { ...demoGuide, ...options.demoItems() } : demoGuide }
        : {}),
      ...(!staffScreen && patron.warning ? { inactivityWarning: patron.warning } : {}),
      // Staff details (account, device, scanned codes) exist only while staff mode is open.
      ...(staffScreen?.name === 'staff' ? { staff: staffSide.details() } : {}),
    };
  }

  const { onScan, onRejected } = scanRouting({ staff, session, scannerSettings });

  const onAuthStatus = (): void => {
    const now = signedIn();
    if (now !== wasSignedIn) {
      wasSignedIn = now;
      session.dispatch({ type: 'availability', signedIn: now });
    }
    offline?.signInChanged();
    if (staff.screen()?.name === 'staff') emit();
  };

  const subscriptions = [
    ...(offline
      ? [
          offline.connectivity.onChange((connectivity) =>
            session.dispatch({ type: 'connectivity', online: connectivity === 'online' }),
          ),
          offline.onChange(() => staff.screen()?.name === 'staff' && emit()),
        ]
      : []),
    ...(options.onCirculationOffersChange ? [options.onCirculationOffersChange(emit)] : []),
    options.auth.onStatusChange(onAuthStatus),
    ...(options.branch ? [options.branch.onChange(emit)] : []),
    options.scanner.onStatus(() => staff.screen()?.name === 'staff' && emit()),
    options.scanner.onScan(onScan),
    options.scanner.onRejected(onRejected),
  ];

  const handlers: IpcHandlers = {
    'station.kiosk.getState': () => state(),
    ...patronChoiceHandlers(choices, emit),
    'patron.speech.say': (request) =>
      options.speech ? options.speech.say(request) : { engine: 'none' as const },
    // Patron channels from here on: the choke point admits them only while patron screens show.
    ...patronSessionHandlers(session),
    // Staff who step in mid-session end it: its patron data must not sit behind staff mode.
    'station.staff.open': () => {
      session.dispatch({ type: 'cancel' });
      staff.open();
    },
    'station.staff.submitPin': ({ pin }) => {
      staff.touch();
      return staff.submitPin(pin);
    },
    'station.staff.activity': () => staff.touch(),
    'station.staff.exit': () => staff.exit(),
    // Staff channels from here on (channels.ts): the choke point admits them only in staff mode.
    'staff.auth.beginSignIn': () => options.presentSignIn(),
    'staff.auth.cancelSignIn': () => cancelSignIn(),
    'staff.auth.signOut': () => options.auth.signOut(),
    'station.scanner.submitWedgeScan': (submission) => options.scanner.submitWedgeScan(submission),
    ...offlineHandlers(offline),
    ...staffConsole.handlers,
  };

  return {
    handlers,
    state,
    staffOpen: () => staff.screen() !== undefined,
    gates,
    admitStaff: () => {
      if (gates.audience() !== 'staff') return false;
      gates.staffActed();
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      for (const unsubscribe of subscriptions) unsubscribe();
      void staffConsole.dispose();
      session.dispose();
      staff.dispose();
      listeners.clear();
    },
  };
}
