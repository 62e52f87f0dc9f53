import type { KioskMetrics, ServiceCallStatus } from './kiosk-metrics';
import type { KioskInstruments } from './metric-catalog';
import type { OperationName } from '../library/library-error';

// What each report does to the instruments, every label value held to its fixed set here, so a
// caller's mistake or a patron's datum never becomes a series (docs/operations.md lists the sets).

/**
 * The operations a service-call label may name (the REST client's and the SIP2 client's); any
 * other string becomes `other`, so a caller's mistake never reaches a label.
 */
export const SERVICE_OPERATIONS: readonly OperationName[] = [
  'getUserInfo',
  'listMembers',
  'getMember',
  'listBranches',
  'listMemberTypes',
  'updateMember',
  'memberByBarcode',
  'memberByEmail',
  'checkOut',
  'checkIn',
  'createDocument',
  'uploadFile',
  'memberWithPin',
  'endSession',
  'acsStatus',
  'itemInformation',
];

const SERVICE_STATUSES: readonly ServiceCallStatus[] = [
  'ok',
  'refused',
  'unreachable',
  'timeout',
  'malformed-response',
  'unauthorized',
  'other',
];

/** A label value from a fixed set, or `fallback`: the type says so, this holds it at run time. */
function oneOf<T extends string>(value: string, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function operationLabel(operation: string): string {
  return oneOf(operation, SERVICE_OPERATIONS, 'other' as OperationName);
}

const seconds = (date: Date) => date.getTime() / 1000;

/** The kiosk's reports, each setting or counting its instruments with labels from a fixed set. */
export function reportsOn(on: KioskInstruments): KioskMetrics {
  return {
    connectivity(state, since) {
      on.online.set(state === 'online' ? 1 : 0);
      on.changed.set(seconds(since));
    },
    queue(snapshot) {
      on.queued.set(snapshot.queued);
      on.exceptions.set(snapshot.exceptions);
      on.oldestQueued(snapshot.queued > 0 ? snapshot.oldestQueuedAt : undefined);
    },
    synced(outcome, count = 1) {
      on.synced.labels(oneOf(outcome, ['applied', 'refused', 'failed'], 'failed')).inc(count);
    },
    sessionStarted(kind) {
      on.started.labels(oneOf(kind, ['check-out', 'check-in'], 'check-out')).inc();
    },
    sessionEnded(kind, end) {
      on.ended
        .labels(
          oneOf(kind, ['check-out', 'check-in'], 'check-out'),
          oneOf(end, ['completed', 'timed-out', 'cancelled'], 'cancelled'),
        )
        .inc();
    },
    circulation(operation, outcome) {
      on.circulation
        .labels(
          oneOf(operation, ['check-out', 'check-in', 'renewal'], 'check-out'),
          oneOf(outcome, ['done', 'refused', 'queued', 'failed'], 'failed'),
        )
        .inc();
    },
    scanToFeedback(value) {
      on.scanFeedback.observe(value);
    },
    serviceCall(operation, status, value) {
      on.serviceCalls
        .labels(operationLabel(operation), oneOf(status, SERVICE_STATUSES, 'other'))
        .observe(value);
    },
    staffSignIn(state) {
      on.signedIn.set(state.signedIn ? 1 : 0);
      on.tokenExpiry.set(
        state.signedIn && state.tokenExpiresAt ? seconds(state.tokenExpiresAt) : 0,
      );
    },
    tokenRefreshFailed() {
      on.refreshFailures.inc();
    },
    scannerConnected(connected) {
      on.scanner().set(connected ? 1 : 0);
    },
    receipt(outcome) {
      on.receipts
        .labels(oneOf(outcome, ['printed', 'failed', 'emailed', 'email-failed'], 'failed'))
        .inc();
    },
    rendererCrashed() {
      on.crashes.inc();
    },
    rendererRestarted() {
      on.restarts.inc();
    },
    pinLockout(who) {
      on.lockouts.labels(oneOf(who, ['patron', 'staff'], 'patron')).inc();
    },
    clockSkew(value) {
      on.skew.set(value);
    },
    settingsVersion(version, source) {
      // One series: the settings in force, not every version the kiosk has had.
      on.settingsInfo.reset();
      on.settingsInfo
        .labels(settingsVersionLabel(version), oneOf(source, ['local', 'fleet'], 'local'))
        .set(1);
    },
  };
}

/** A settings version is the kiosk's own counter or a short fleet tag: never free text. */
export function settingsVersionLabel(version: string): string {
  return /^[A-Za-z0-9._:-]{1,64}$/.test(version) ? version : 'other';
}
