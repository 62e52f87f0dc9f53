/**
 * What a kiosk tells a fleet's Prometheus (docs/operations.md): the one interface every source of
 * the kiosk (the core, the offline desk, sign-in, the scanner, printing, the page watch) reports
 * through, so no source knows about prom-client and no metric carries a patron datum or a barcode.
 * Every label value is one of the fixed sets below; nothing a patron typed or scanned is a label.
 */

export type SessionKind = 'check-out' | 'check-in';
/** How a patron session ended: `completed` through the receipt step, or not. */
export type SessionEnd = 'completed' | 'timed-out' | 'cancelled';
export type CirculationOperation = 'check-out' | 'check-in' | 'renewal';
/** `queued`: recorded offline or sent with its answer lost, to be confirmed by the sync. */
export type CirculationOutcome = 'done' | 'refused' | 'queued' | 'failed';
/** What one call to the library system came to (the LibraryError kinds, or ok). */
export type ServiceCallStatus =
  'ok' | 'refused' | 'unreachable' | 'timeout' | 'malformed-response' | 'unauthorized' | 'other';
export type SyncOutcome = 'applied' | 'refused' | 'failed';
export type Connectivity = 'online' | 'offline';

export interface KioskMetrics {
  /** The library system answers or not; `since` is when it last changed. */
  connectivity(state: Connectivity, since: Date): void;
  /** The offline journal now: transactions waiting, exceptions for staff, the oldest waiting. */
  queue(snapshot: { queued: number; exceptions: number; oldestQueuedAt?: Date }): void;
  /** Transactions the sync sent, by what became of them. */
  synced(outcome: SyncOutcome, count?: number): void;
  sessionStarted(kind: SessionKind): void;
  sessionEnded(kind: SessionKind, end: SessionEnd): void;
  circulation(operation: CirculationOperation, outcome: CirculationOutcome): void;
  /** From a scan's arrival to the state with its outcome sent to the screen. */
  scanToFeedback(seconds: number): void;
  /** One call to the library system (REST operation or SIP2 message name), by its status. */
  serviceCall(operation: string, status: ServiceCallStatus, seconds: number): void;
  /** Staff sign-in: whether the kiosk holds a staff session, and when its token expires. */
  staffSignIn(state: { signedIn: boolean; tokenExpiresAt?: Date }): void;
  tokenRefreshFailed(): void;
  /** The USB scanner plugged in or not, once the kiosk expects one (scanner/scanner-metric.ts). */
  scannerConnected(connected: boolean): void;
  receipt(outcome: 'printed' | 'failed' | 'emailed' | 'email-failed'): void;
  /** The renderer (page) crashed or hung, and the host reloaded it. */
  rendererCrashed(): void;
  rendererRestarted(): void;
  /** Three wrong patron PINs ended a session, or staff PIN entry locked. */
  pinLockout(who: 'patron' | 'staff'): void;
  /**
   * The library system's clock minus the kiosk's, in seconds: from a REST answer's `Date` header
   * or the date in a SIP2 answer.
   */
  clockSkew(seconds: number): void;
  /** The settings in force: their version and where they came from. */
  settingsVersion(version: string, source: 'local' | 'fleet'): void;
}

/** A kiosk with metrics off reports into this: every call does nothing. */
export const NO_METRICS: KioskMetrics = {
  connectivity: () => undefined,
  queue: () => undefined,
  synced: () => undefined,
  sessionStarted: () => undefined,
  sessionEnded: () => undefined,
  circulation: () => undefined,
  scanToFeedback: () => undefined,
  serviceCall: () => undefined,
  staffSignIn: () => undefined,
  tokenRefreshFailed: () => undefined,
  scannerConnected: () => undefined,
  receipt: () => undefined,
  rendererCrashed: () => undefined,
  rendererRestarted: () => undefined,
  pinLockout: () => undefined,
  clockSkew: () => undefined,
  settingsVersion: () => undefined,
};
