import { CONSOLE_GATES } from './console/channels';

/**
 * Who may call a channel; the choke point (src-main/ipc/choke-point.ts) enforces it, so no handler
 * checks staff mode to refuse a call. `staff`: only while staff mode is open (the staff screen, not
 * the PIN screen); otherwise the call is refused with the one problem `not-staff` and its handler
 * never runs. `patron`: the patron's screens, open to every caller (the core itself ignores a patron
 * intent while a staff screen shows). `either`: both audiences, staff mode open or shut.
 */
export type Gate = 'patron' | 'staff' | 'either';

/**
 * The channel table: each channel's name and its gate, without schemas, so that the sandboxed
 * preload can check names without bundling zod. `contract.ts` must define exactly these channels
 * (the compiler checks it).
 */
export const CHANNEL_GATES = {
  'kiosk.getState': 'either',
  'kiosk.setLanguage': 'either',
  'kiosk.setTheme': 'either',
  'kiosk.setAccess': 'patron',
  'speech.say': 'patron',
  'patron.startCheckIn': 'patron',
  'patron.chooseEmail': 'patron',
  'patron.submitEmail': 'patron',
  'patron.submitPin': 'patron',
  'patron.finish': 'patron',
  'patron.chooseReceipt': 'patron',
  'patron.receiptPrinted': 'patron',
  'patron.activity': 'patron',
  'patron.moreTime': 'patron',
  'patron.cancel': 'patron',
  // Reachable without staff mode: they show the PIN screen, check the PIN and leave.
  'staff.open': 'either',
  'staff.submitPin': 'either',
  'staff.exit': 'either',
  'staff.activity': 'either',
  'auth.beginSignIn': 'staff',
  'auth.cancelSignIn': 'staff',
  'auth.signOut': 'staff',
  // A patron's scan, or a scan staff make to see it on the staff screen.
  'scanner.submitWedgeScan': 'either',
  'offline.retry': 'staff',
  'offline.dismiss': 'staff',
  'offline.export': 'staff',
  'offline.importBlockList': 'staff',
  'offline.lendWithoutBlockList': 'staff',
  'offline.setDamageAside': 'staff',
  ...CONSOLE_GATES,
} as const satisfies Record<string, Gate>;

export type InvokeChannel = keyof typeof CHANNEL_GATES;

export const INVOKE_CHANNELS = Object.keys(CHANNEL_GATES) as InvokeChannel[];

export const EVENT_NAMES = ['kiosk.state'] as const;

export type EventName = (typeof EVENT_NAMES)[number];
