import { CONSOLE_GATES } from './console/channels';

/**
 * Who may call a channel; the choke point (src-main/ipc/choke-point.ts) enforces every gate, so no
 * handler checks the screen to refuse a call. `staff`: only while staff mode is open (the staff
 * screen, not the PIN screen). `patron`: only while the patrons' screens show (no staff screen,
 * the PIN screen included): a patron's intent, their access modes and speech. `either`: both
 * audiences, staff mode open or shut. A refused call gets the one problem `not-allowed` naming the
 * gate, and its handler never runs. Over and above its gate, while one connection holds staff mode
 * every other may only read the state (the `owner` refusal).
 */
export type Gate = 'patron' | 'staff' | 'either';

/**
 * The channel table: each channel's name and its gate, without schemas, so that the sandboxed
 * preload can check names without bundling zod. `contract.ts` must define exactly these channels
 * (the compiler checks it).
 */
export const CHANNEL_GATES = {
  'station.kiosk.getState': 'either',
  'station.kiosk.setLanguage': 'either',
  'station.kiosk.setTheme': 'either',
  'patron.kiosk.setAccess': 'patron',
  'patron.speech.say': 'patron',
  'patron.startCheckIn': 'patron',
  'patron.chooseEmail': 'patron',
  'patron.submitEmail': 'patron',
  'patron.submitPin': 'patron',
  'patron.finish': 'patron',
  'patron.chooseReceipt': 'patron',
  'patron.emailReceipt': 'patron',
  'patron.receiptPrinted': 'patron',
  'patron.activity': 'patron',
  'patron.moreTime': 'patron',
  'patron.cancel': 'patron',
  'patron.renew': 'patron',
  'patron.renewAll': 'patron',
  // Reachable without staff mode: they show the PIN screen, check the PIN and leave.
  'station.staff.open': 'either',
  'station.staff.submitPin': 'either',
  'station.staff.exit': 'either',
  'station.staff.activity': 'either',
  'staff.auth.beginSignIn': 'staff',
  'staff.auth.cancelSignIn': 'staff',
  'staff.auth.signOut': 'staff',
  // A patron's scan, or a scan staff make to see it on the staff screen.
  'station.scanner.submitWedgeScan': 'either',
  'staff.offline.retry': 'staff',
  'staff.offline.dismiss': 'staff',
  'staff.offline.export': 'staff',
  'staff.offline.importBlockList': 'staff',
  'staff.offline.lendWithoutBlockList': 'staff',
  'staff.offline.setDamageAside': 'staff',
  ...CONSOLE_GATES,
} as const satisfies Record<string, Gate>;

export type InvokeChannel = keyof typeof CHANNEL_GATES;

export const INVOKE_CHANNELS = Object.keys(CHANNEL_GATES) as InvokeChannel[];

export const EVENT_NAMES = ['kiosk.state'] as const;

export type EventName = (typeof EVENT_NAMES)[number];
