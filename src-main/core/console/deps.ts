import type { StaffAuth } from '../../auth/staff-auth';
import type { OfflineCirculation } from '../../circulation/offline/offline-circulation';
import type { IpcHandlers, InvokeChannel } from '../../ipc/contract';
import type { ScannerService } from '../../scanner/scanner-service';
import type { Settings } from '../../settings/schema';
import type { SettingsStore } from '../../settings/store';

/**
 * What the staff console works with, built by the host-agnostic boot (host/bootstrap.ts). The
 * console's screens call the same operations as the CLI: the staff auth's service client,
 * service/probe.ts, service/publish.ts, the settings store.
 */
export interface ConsoleServices {
  auth: Pick<StaffAuth, 'client' | 'status'>;
  /** The effective settings this kiosk started with. */
  settings: Settings;
  /** Absent: settings cannot be changed from the screen (a host without a store). */
  settingsStore?: SettingsStore;
  /** Starts the kiosk again with the saved settings (web host: in-process; Electron: relaunch). */
  restart?: () => Promise<void>;
  scanner: Pick<ScannerService, 'status'>;
  offline?: OfflineCirculation;
  service: { baseUrl: string; authUrl: string; embedded: boolean };
}

/** What the core adds: telling the renderer the state changed, and when staff mode ends. */
export interface ConsoleHooks {
  /** Staff mode's state changed (e.g. upload progress): the core sends the renderer a new state. */
  changed(): void;
  /** A staff action happened (long operations keep staff mode from timing out while they run). */
  touch(): void;
}

export type ConsoleContext = ConsoleServices & ConsoleHooks;

/** One screen's channels, and what it must drop when staff mode ends. */
export interface ConsoleArea<C extends InvokeChannel> {
  handlers: Pick<IpcHandlers, C>;
  /** Staff mode ended (exit, idle timeout): forget what the screen held. */
  staffModeEnded?(): void;
  dispose?(): Promise<void> | void;
}
