import type { StaffAuth } from '../auth/staff-auth';
import type { OfflineCirculation } from '../circulation/offline/offline-circulation';
import type { BranchName } from '../core/branch-name';
import type { ConsoleDependencies } from '../core/console/deps';
import type { KioskCoreOptions } from '../core/kiosk-core';
import type { KioskMetrics } from '../metrics/kiosk-metrics';
import { createReceiptMailer } from '../receipt-mail/mailer';
import type { ReceiptMailer } from '../receipt-mail/mailer';
import type { ScannerInput } from '../scanner/scanner-input';
import type { Settings } from '../settings/schema';
import type { KioskVoice } from '../speech/kiosk-voice';
import { smtpPasswordFor } from '../vault/smtp-password';
import type { SmtpPasswordStore } from '../vault/smtp-password';
import type { AcsHeartbeat } from './acs-heartbeat';
import type { HostAdapters } from './bootstrap';
import type { ResolvedConnection } from './embedded-service';
import { consoleSip2ProbeOptions } from './sip2-back-end';
import type { Sip2BackEnd } from './sip2-back-end';
import type { StaffAccess } from './staff-access';

/** What the boot has started by the time the core is made, each part the core is given. */
export interface CoreParts {
  service: ResolvedConnection;
  auth: StaffAuth;
  scanner: ScannerInput;
  access: StaffAccess;
  sip2: Sip2BackEnd | undefined;
  heartbeat: AcsHeartbeat | undefined;
  offline: OfflineCirculation;
  speech: KioskVoice;
  branch: BranchName;
  metrics: KioskMetrics;
}

/**
 * What the host-agnostic core is given: the station's settings, and the back end the patron
 * session uses (SIP2's six calls with its PIN, offers and sign-in-free service, else the REST
 * client's four behind the staff sign-in). Apart from the boot's order of starts so that what the
 * core is handed reads in one place.
 */
export function kioskCoreOptions(
  settings: Settings,
  adapters: HostAdapters,
  parts: CoreParts,
): KioskCoreOptions {
  const { service, auth, scanner, access, sip2, heartbeat, offline } = parts;
  const { client } = auth;
  const emailReceipts = receiptMailer(settings, adapters.smtpPassword);
  return {
    ...(adapters.sessionClock ? { clock: adapters.sessionClock } : {}),
    branchName: settings.kiosk.branchName,
    branch: parts.branch,
    defaultLanguage: settings.kiosk.defaultLanguage,
    defaultTheme: settings.kiosk.theme,
    volume: settings.feedback.volume,
    accessibility: settings.accessibility,
    speech: parts.speech,
    staffPin: access.staffPin,
    staffCard: access.staffCard,
    staffIdleTimeoutMs: settings.staff.idleTimeoutMs,
    demo: access.demo,
    ...(access.demoGuide ? { demoGuide: access.demoGuide } : {}),
    ...(access.demoGuide && service.demoItems ? { demoItems: service.demoItems } : {}),
    auth,
    presentSignIn: () => adapters.presentSignIn(auth),
    ...(adapters.cancelSignIn ? { cancelSignIn: () => adapters.cancelSignIn?.(auth) } : {}),
    scanner,
    scannerSettings: settings.scanner,
    scannerPlace: settings.kiosk.scannerPlace,
    service: { baseUrl: service.connection.baseUrl, embedded: service.embedded },
    // The patron session gets the circulation calls, not the staff sign-in behind them.
    circulation: sip2?.port ?? {
      memberByBarcode: client.memberByBarcode,
      memberByEmail: client.memberByEmail,
      checkOut: client.checkOut,
      checkIn: client.checkIn,
    },
    ...(sip2 && heartbeat
      ? {
          patronPin: settings.sip2.patronPin,
          circulationOffers: heartbeat.offers,
          onCirculationOffersChange: heartbeat.onOffersChange,
          emailLookup: false,
          servesWithoutSignIn: true,
        }
      : {}),
    patron: settings.patron,
    receiptMode: settings.receipt.mode,
    receiptQuestion: {
      askTimeoutMs: settings.receipt.askTimeoutMs,
      unanswered: settings.receipt.unanswered,
    },
    printing: adapters.receiptPrinting,
    ...(emailReceipts ? { emailReceipt: emailReceipts.send } : {}),
    offline: { circulation: offline, settings: settings.offline },
    metrics: parts.metrics,
    console: consoleDependencies(settings, adapters, parts),
  };
}

/** What the staff console's screens work with: the host's stores and the parts the boot started. */
function consoleDependencies(
  settings: Settings,
  adapters: HostAdapters,
  parts: CoreParts,
): ConsoleDependencies {
  const { service, access } = parts;
  return {
    auth: parts.auth,
    settings,
    ...(adapters.settingsStore ? { settingsStore: adapters.settingsStore } : {}),
    ...(adapters.restart ? { restart: adapters.restart } : {}),
    ...(adapters.pageRecoveries ? { pageRecoveries: adapters.pageRecoveries } : {}),
    ...(adapters.stationRestartsFile ? { stationRestartsFile: adapters.stationRestartsFile } : {}),
    ...(access.staffPin ? { staffPin: access.staffPin } : {}),
    staffCard: access.staffCard,
    ...(adapters.documents ? { documents: adapters.documents } : {}),
    ...(adapters.sip2Passwords ? { sip2Passwords: adapters.sip2Passwords } : {}),
    scanner: parts.scanner,
    offline: parts.offline,
    // A SIP2 server set up but not yet used by patrons can be tried from diagnostics first.
    ...consoleSip2ProbeOptions(settings, parts.sip2, adapters.sip2Passwords),
    service: {
      baseUrl: service.connection.baseUrl,
      authUrl: service.connection.authUrl,
      embedded: service.embedded,
      clientId: service.connection.clientId,
    },
  };
}

/** The SMTP relay for e-mail receipts, with its sealed password, when `receipt.email` is on. */
function receiptMailer(
  settings: Settings,
  passwords: SmtpPasswordStore | undefined,
): ReceiptMailer | undefined {
  const email = settings.receipt.email;
  if (!email.enabled) return undefined;
  return createReceiptMailer({
    settings: email,
    password: async () =>
      passwords
        ? smtpPasswordFor(passwords, { host: email.host, port: email.port, user: email.user })
        : undefined,
  });
}
