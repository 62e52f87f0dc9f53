import { CONSOLE_CHANNELS } from './console/channels';

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
 * Who may call a channel is the first segment of its name, and the gate is read from it, so a
 * name never says one audience while the table says another: `patron.*` is gate `patron`,
 * `staff.*` gate `staff`, `station.*` (what the station's every screen needs, the PIN screen's
 * calls among them) gate `either`.
 */
export const AUDIENCE_GATES = {
  patron: 'patron',
  staff: 'staff',
  station: 'either',
} as const satisfies Record<string, Gate>;

export type Audience = keyof typeof AUDIENCE_GATES;

/** A channel's name: its audience, then what it does (`<audience>.<area>.<verb>`). */
export type ChannelName = `${Audience}.${string}`;

/**
 * Every channel, without schemas, so that the sandboxed preload can check names without bundling
 * zod. `contract.ts` must define exactly these channels (the compiler checks it).
 */
export const INVOKE_CHANNELS = [
  'station.kiosk.getState',
  'station.kiosk.setLanguage',
  'station.kiosk.setTheme',
  'patron.kiosk.setAccess',
  'patron.speech.say',
  'patron.startCheckIn',
  'patron.chooseEmail',
  'patron.submitEmail',
  'patron.submitPin',
  'patron.finish',
  'patron.chooseReceipt',
  'patron.emailReceipt',
  'patron.receiptPrinted',
  'patron.activity',
  'patron.moreTime',
  'patron.cancel',
  'patron.renew',
  'patron.renewAll',
  // Reachable without staff mode: they show the PIN screen, check the PIN and leave.
  'station.staff.open',
  'station.staff.submitPin',
  'station.staff.exit',
  'station.staff.activity',
  'staff.auth.beginSignIn',
  'staff.auth.cancelSignIn',
  'staff.auth.signOut',
  // A patron's scan, or a scan staff make to see it on the staff screen.
  'station.scanner.submitWedgeScan',
  'staff.offline.retry',
  'staff.offline.dismiss',
  'staff.offline.export',
  'staff.offline.importBlockList',
  'staff.offline.lendWithoutBlockList',
  'staff.offline.setDamageAside',
  ...CONSOLE_CHANNELS,
] as const satisfies readonly ChannelName[];

export type InvokeChannel = (typeof INVOKE_CHANNELS)[number];

/** The gate a channel's name gives it. */
export type GateOf<C extends string> = C extends `${infer A extends Audience}.${string}`
  ? (typeof AUDIENCE_GATES)[A]
  : never;

export function gateOf<C extends InvokeChannel>(channel: C): GateOf<C> {
  return AUDIENCE_GATES[channel.slice(0, channel.indexOf('.')) as Audience] as GateOf<C>;
}

/** Each channel's gate, as its name gives it: the choke point's table. */
export const CHANNEL_GATES = Object.fromEntries(
  INVOKE_CHANNELS.map((channel) => [channel, gateOf(channel)]),
) as { readonly [C in InvokeChannel]: GateOf<C> };

export const EVENT_NAMES = ['kiosk.state'] as const;

export type EventName = (typeof EVENT_NAMES)[number];
