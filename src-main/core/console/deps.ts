import type { z } from 'zod';
import type { StaffAuth } from '../../auth/staff-auth';
import type { OfflineCirculation } from '../../circulation/offline/offline-circulation';
import type { IpcHandlers, InvokeChannel } from '../../../src-common/ipc/contract';
import type { RecoveryKindSchema } from '../../../src-common/ipc/console/diagnostics';
import type { ScannerInput } from '../../scanner/scanner-input';
import type { Settings } from '../../settings/schema';
import type { Sip2ProbeOptions } from '../../library-client/sip2/probe';
import type { SettingsStore } from '../../settings/store';
import type { StaffCardHolder } from '../../staff-pin/staff-card';
import type { ChangeablePinGate } from '../../staff-pin/changeable-gate';
import type { DocumentFileSource } from './documents/source';
import type { Sip2PasswordStore } from '../../vault/sip2-passwords';

/** The kiosk page's recoveries, as the host counts them (host/page-recovery.ts). */
export interface RecoveryTally {
  /** Page recoveries (reloads) since this process started. */
  count: number;
  last?: { kind: z.infer<typeof RecoveryKindSchema>; at: Date };
}

/**
 * What the staff console depends on, built by the host-agnostic boot (host/bootstrap.ts). The
 * console's screens call the same operations as the CLI: the staff auth's service client,
 * library-client/probe.ts, library-client/publish.ts, the settings store.
 */
export interface ConsoleDependencies {
  /** `clientWithFieldMap` and `tokenSummary`: the diagnostics and sign-in screens (absent in fakes). */
  auth: Pick<StaffAuth, 'client' | 'status'> &
    Partial<Pick<StaffAuth, 'clientWithFieldMap' | 'tokenSummary'>>;
  /** The effective settings this kiosk started with. */
  settings: Settings;
  /** Absent: settings cannot be changed from the screen (a host without a store). */
  settingsStore?: SettingsStore;
  /** Starts the kiosk again with the saved settings (web host: in-process; Electron: relaunch). */
  restart?: () => Promise<void>;
  /** The session's restart history, where it is not in the data folder (a Chromium station). */
  stationRestartsFile?: string;
  /** The kiosk page's recoveries since start; absent where the host does not watch its page. */
  pageRecoveries?: () => RecoveryTally;
  /** The staff PIN gate (absent: no PIN): the settings screen checks the current PIN and changes it. */
  staffPin?: ChangeablePinGate;
  /** The staff card in force, which the settings screen makes anew or removes. */
  staffCard?: StaffCardHolder;
  scanner: Pick<ScannerInput, 'status'>;
  offline?: OfflineCirculation;
  /** How staff choose a PDF on this host (Electron's dialog, the web host's staging route). */
  documents?: DocumentFileSource;
  /**
   * How the diagnostics screen's SIP2 probe connects: the `sip2.*` settings with the sealed login
   * and terminal passwords; absent, or undefined, when the kiosk has no SIP2 server set up.
   */
  sip2ProbeOptions?: () => Promise<Sip2ProbeOptions | undefined>;
  /** The sealed SIP2 passwords, the store set-sip2-password uses (absent: not set from the screen). */
  sip2Passwords?: Sip2PasswordStore;
  /** `clientId`: the OAuth client the kiosk signs in as (the sign-in screen names it). */
  service: { baseUrl: string; authUrl: string; embedded: boolean; clientId?: string };
}

/** What the core adds: telling the renderer the state changed, and when staff mode ends. */
export interface ConsoleHooks {
  /** Staff mode's state changed (e.g. upload progress): the core sends the renderer a new state. */
  changed(): void;
  /** A staff action happened (long operations keep staff mode from timing out while they run). */
  touch(): void;
}

export type ConsoleContext = ConsoleDependencies & ConsoleHooks;

/** One screen's channels, and what it must drop when staff mode ends. */
export interface ConsoleArea<C extends InvokeChannel> {
  handlers: Pick<IpcHandlers, C>;
  /** Staff mode ended (exit, idle timeout): forget what the screen held. */
  staffModeEnded?(): void;
  dispose?(): Promise<void> | void;
}
