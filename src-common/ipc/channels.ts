import { CONSOLE_CHANNELS } from './console/channels';

/**
 * Channel and event names alone, without their schemas, so that the sandboxed preload can check
 * names without bundling zod. `contract.ts` must define exactly these (the compiler checks it).
 */
export const INVOKE_CHANNELS = [
  'kiosk.getState',
  'kiosk.setLanguage',
  'kiosk.setTheme',
  'patron.startCheckIn',
  'patron.chooseEmail',
  'patron.submitEmail',
  'patron.finish',
  'patron.chooseReceipt',
  'patron.receiptPrinted',
  'patron.activity',
  'patron.cancel',
  'staff.open',
  'staff.submitPin',
  'staff.exit',
  'staff.activity',
  'auth.beginSignIn',
  'auth.signOut',
  'scanner.submitWedgeScan',
  'offline.retry',
  'offline.dismiss',
  'offline.export',
  'offline.importBlockList',
  'offline.lendWithoutBlockList',
  'offline.setDamageAside',
  ...CONSOLE_CHANNELS,
] as const;

export const EVENT_NAMES = ['kiosk.state'] as const;

export type InvokeChannel = (typeof INVOKE_CHANNELS)[number];
export type EventName = (typeof EVENT_NAMES)[number];
