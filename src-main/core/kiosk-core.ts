import type { DemoGuide } from '../../src-common/ipc/demo-guide';
import type { StaffAuth } from '../auth/staff-auth';
import type { BarcodeKind } from '../circulation/session-events';
import { createSessionDriver } from '../circulation/session-driver';
import type { CirculationPort } from '../library/circulation-port';
import type { Clock } from '../platform/clock';
import { sessionScreen } from '../circulation/session-screen';
import type { BranchName } from './branch-name';
import type { ReceiptMailer } from '../receipt-mail/mailer';
import type { SessionConfig } from '../circulation/session-state';
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
import { classify } from '../scanner/classify';
import type { Classification } from '../../src-common/ipc/scan-event';
import type { ScanEvent, ScanRejection } from '../../src-common/ipc/scan-event';
import type { ScannerInput } from '../scanner/scanner-input';
import type { ScannerSettings } from '../scanner/settings-schema';
import {
  AccessibilitySettingsSchema,
  type AccessibilitySettings,
  type OfflineSettings,
  type PatronSettings,
  type ReceiptSettings,
} from '../settings/schema';
import type { Access, SpeechAnswer, SpeechRequest } from '../../src-common/ipc/access';
import type { OfflineCirculation } from '../circulation/offline/offline-circulation';
import { createStaffConsole, unavailableConsole } from './console';
import type { ConsoleDependencies } from './console/deps';
import { createStaffMode } from './staff-mode';
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
 * Rejections that were a scan the scanner could not read: too short (a partial read), too long,
 * garbled. Reports a HID device sends besides scans (an unknown report id...) are not told.
 */
const UNREADABLE = new Set<ScanRejection['reason']>([
  'too-short',
  'too-long',
  'control-character',
  'undecodable',
]);

function barcodeKind(classification: Classification): BarcodeKind {
  if (classification.reason === 'check-digit') return 'invalid';
  return classification.kind === 'patron' ? 'card' : classification.kind;
}

/**
 * Owns the kiosk's state as slices (patron session, staff mode, scanner) and routes IPC calls
 * and scans to them; the renderer only draws what this sends and asks for changes.
 */
export function createKioskCore(options: KioskCoreOptions): KioskCore {
  const { scannerSettings } = options;
  const listeners = new Set<CoreListener>();
  let language = options.defaultLanguage;
  let theme = options.defaultTheme;
  const accessibility = options.accessibility ?? AccessibilitySettingsSchema.parse({});
  const stationAccess = (): Access => ({
    audio: accessibility.audio,
    largeText: accessibility.largeText,
    lowReach: accessibility.lowReach,
    speechRate: accessibility.speechRate,
  });
  // A patron's modes and volume last until their session ends, like their language.
  let access = stationAccess();
  let volume = options.volume;
  const accessStation = {
    keys: accessibility.keys,
    hintRepeatSeconds: accessibility.hintRepeatSeconds,
    audioOnHeadphones: accessibility.audioOnHeadphones,
  };
  let feedback: KioskState['feedback'];
  // "Signed in" as the patron flow needs it: a SIP2 back end has its own login.
  const signedIn = (): boolean =>
    options.servesWithoutSignIn === true || options.auth.status().state === 'signed-in';
  let wasSignedIn = signedIn();

  const { circulation } = options;
  // Without an email look-up (SIP2) the demo guide offers no demo email either.
  const demoGuide =
    options.demoGuide && options.emailLookup === false
      ? { ...options.demoGuide, email: undefined }
      : options.demoGuide;
  const branchName = (): string => options.branchName || options.branch?.name() || '';
  const config: SessionConfig = {
    // Read when a receipt is made: the name the service gives may arrive after the start.
    get branchName() {
      return branchName();
    },
    ...(options.scannerPlace ? { scannerPlace: options.scannerPlace } : {}),
    patron:
      options.emailLookup === false ? { ...options.patron, allowEmail: false } : options.patron,
    receiptMode: options.receiptMode,
    ...(options.receiptQuestion ? { receiptQuestion: options.receiptQuestion } : {}),
    printBy: options.printing.printBy,
    ...(options.emailReceipt ? { emailReceipts: true } : {}),
    ...(options.offline ? { offline: options.offline.settings } : {}),
    ...(options.patronPin && circulation.memberWithPin ? { pinRequired: true } : {}),
    ...(options.circulationOffers ? { offers: options.circulationOffers } : {}),
    ...(circulation.endSession ? { endsPatronSessions: true } : {}),
    // Read at each arming: the patron's audio mode now, not the station's default.
    longerTimeouts: {
      audioTimeoutFactor: accessibility.audioTimeoutFactor,
      moreTimeFactor: accessibility.moreTimeFactor,
      audio: () => access.audio,
    },
  };
  const offline = options.offline?.circulation;
  if (offline) config.offlineCheckOutPaused = () => offline.knowledge.checkOutPaused();
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

  const cancelSignIn = (): void =>
    options.cancelSignIn ? options.cancelSignIn() : options.auth.cancelSignIn();
  let staffWasOpen = false;
  const staff = createStaffMode({
    staffPin: options.staffPin,
    ...(options.staffCard ? { staffCard: options.staffCard } : {}),
    idleTimeoutMs: options.staffIdleTimeoutMs,
    ...(options.clock ? { clock: options.clock } : {}),
    onChange: () => {
      const open = staff.screen()?.name === 'staff';
      if (staffWasOpen && !open) staffConsole.staffModeEnded();
      // A sign-in page must not stay open over the patrons' screens once staff mode is gone.
      if (staffWasOpen && !open && options.auth.status().state === 'signing-in') cancelSignIn();
      staffWasOpen = open;
      emit();
    },
  });
  const gates: GateState = {
    audience: () => staff.screen()?.name ?? 'patron',
    staffActed: () => staff.touch(),
  };
  const staffConsole = options.console
    ? createStaffConsole({
        ...options.console,
        changed: () => staff.screen()?.name === 'staff' && emit(),
        touch: () => staff.screen()?.name === 'staff' && staff.touch(),
      })
    : unavailableConsole();
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
      language = options.defaultLanguage;
      theme = options.defaultTheme;
      access = stationAccess();
      volume = options.volume;
      options.speech?.forget();
    },
    onForgetScans: () => options.scanner.forgetRecentScans(),
    ...(printing.printBy === 'host' ? { printReceipt: (receipt) => printing.print(receipt) } : {}),
    ...(options.emailReceipt ? { emailReceipt: options.emailReceipt } : {}),
  });

  function state(view: StateView = 'full'): KioskState {
    const staffScreen = view === 'full' ? staff.screen() : undefined;
    const patron = session.state();
    const lastScan = staff.lastScan();
    const upload = staffScreen?.name === 'staff' ? staffConsole.upload() : undefined;
    return {
      language,
      theme,
      branchName: branchName(),
      screen: staffScreen ?? sessionScreen(config, patron),
      wedge,
      ...(!staffScreen && patron.notice ? { notice: patron.notice } : {}),
      ...(!staffScreen && patron.ended ? { sessionEnded: patron.ended } : {}),
      ...(feedback ? { feedback } : {}),
      volume,
      access,
      accessStation,
      ...(options.demo ? { demo: true as const } : {}),
      ...(options.demo && demoGuide
        ? { demoGuide: options.demoItems ? { ...demoGuide, ...options.demoItems() } : demoGuide }
        : {}),
      ...(!staffScreen && patron.warning ? { inactivityWarning: patron.warning } : {}),
      // Staff details (account, device, scanned codes) exist only while staff mode is open.
      ...(staffScreen?.name === 'staff'
        ? {
            staff: {
              auth: options.auth.status(),
              scanner: options.scanner.status(),
              service: options.service,
              ...(lastScan ? { lastScan } : {}),
              ...(offline ? { offline: offline.status() } : {}),
              ...(upload ? { upload } : {}),
            },
          }
        : {}),
    };
  }

  const onScan = (scan: ScanEvent): void => {
    const classification = classify(scan.code, scannerSettings);
    const staffScreen = staff.screen();
    if (staffScreen?.name === 'staff') staff.recordScan({ ...scan, classification });
    // On the PIN screen only the staff card means anything (staff-mode.ts checks it).
    if (staffScreen?.name === 'staff-pin') staff.cardScanned(scan.code);
    if (staffScreen) return;
    session.dispatch({ type: 'scanned', code: scan.code, barcode: barcodeKind(classification) });
  };

  // A scan the scanner input could not read: the patron screens say so, rather than nothing.
  const onRejected = (rejection: ScanRejection): void => {
    if (!staff.screen() && UNREADABLE.has(rejection.reason))
      session.dispatch({ type: 'scan-unreadable' });
  };

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
    'station.kiosk.setLanguage': ({ language: next }) => {
      language = next;
      emit();
    },
    'station.kiosk.setTheme': ({ theme: next }) => {
      theme = next;
      emit();
    },
    'patron.kiosk.setAccess': ({ volume: nextVolume, ...change }) => {
      access = { ...access, ...change };
      if (nextVolume !== undefined) volume = nextVolume;
      emit();
    },
    'patron.speech.say': (request) =>
      options.speech ? options.speech.say(request) : { engine: 'none' as const },
    // Patron channels from here on: the choke point admits them only while patron screens show.
    'patron.startCheckIn': () => session.dispatch({ type: 'start-check-in' }),
    'patron.chooseEmail': () => session.dispatch({ type: 'choose-email' }),
    'patron.submitEmail': ({ email }) => session.dispatch({ type: 'submit-email', email }),
    'patron.submitPin': ({ pin }) => session.dispatch({ type: 'submit-pin', pin }),
    'patron.finish': () => session.dispatch({ type: 'finish' }),
    'patron.chooseReceipt': ({ print }) => session.dispatch({ type: 'receipt-chosen', print }),
    'patron.emailReceipt': ({ subject, text }) =>
      session.dispatch({ type: 'receipt-email', subject, text }),
    'patron.receiptPrinted': () =>
      session.dispatch({ type: 'receipt-printed', generation: session.state().generation }),
    'patron.activity': () => session.dispatch({ type: 'activity' }),
    'patron.moreTime': () => session.dispatch({ type: 'more-time' }),
    'patron.cancel': () => session.dispatch({ type: 'patron-cancel' }),
    'patron.renew': ({ loan }) => session.dispatch({ type: 'renew', loan }),
    'patron.renewAll': () => session.dispatch({ type: 'renew-all' }),
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
    // Without store and forward (a host without it) there is nothing to retry, export or import.
    'staff.offline.retry': async ({ id }) => ({ done: offline ? await offline.retry(id) : false }),
    'staff.offline.dismiss': async ({ id }) => ({
      done: offline ? await offline.dismiss(id) : false,
    }),
    'staff.offline.export': ({ what }) => offline?.exportCsv(what),
    'staff.offline.importBlockList': async ({ csv }) => offline?.importBlockList(csv),
    'staff.offline.lendWithoutBlockList': async () => ({
      done: offline ? await offline.lendWithoutBlockList() : false,
    }),
    'staff.offline.setDamageAside': async () => {
      const file = offline ? await offline.setDamageAside() : undefined;
      return file ? { file } : {};
    },
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
