import type { KioskBridge, KioskState, StaffView } from '../../src-common/ipc/contract';

/** What each staff console screen receives. */
export interface ConsoleScreenProps {
  kiosk: KioskState;
  staff: StaffView;
  bridge: KioskBridge;
}

export const CONSOLE_TABS = [
  'status',
  'account',
  'members',
  'lookup',
  'documents',
  'diagnostics',
  'settings',
] as const;
export type ConsoleTab = (typeof CONSOLE_TABS)[number];
