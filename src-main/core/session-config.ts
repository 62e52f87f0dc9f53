import type { SessionConfig } from '../circulation/session-state';
import type { AccessibilitySettings } from '../settings/schema';
import type { KioskCoreOptions } from './kiosk-core';

/**
 * What a patron session offers at this station, from its settings and what the back end can do
 * (an e-mail look-up, a PIN check, the ACS's offers, store and forward). Apart from the core's
 * wiring so that what the patron is offered reads in one place.
 */
export function stationSessionConfig(
  options: KioskCoreOptions,
  read: {
    /** The station's accessibility settings, their defaults filled in. */
    accessibility: AccessibilitySettings;
    /** The branch's name as it stands: the service's may arrive after the start. */
    branchName: () => string;
    /** Whether the patron at the kiosk has audio mode on now. */
    audio: () => boolean;
  },
): SessionConfig {
  const { circulation } = options;
  const { accessibility } = read;
  const config: SessionConfig = {
    // Read when a receipt is made: the name the service gives may arrive after the start.
    get branchName() {
      return read.branchName();
    },
    ...(options.scannerPlace ? { scannerPlace: options.scannerPlace } : {}),
    patron:
      options.emailLookup === false ? { ...options.patron, allowEmail: false } : options.patron,
    receiptMode: options.receiptMode,
    ...(options.receiptQuestion ? { receiptQuestion: options.receiptQuestion } : {}),
    printBy: options.printing.printBy,
    ...(options.emailReceipt ? { emailReceipts: true } : {}),
    ...(options.offline ? { offline: options.offline.settings } : {}),
    ...(options.patronPin && circulation.memberWithPin ? { pinRequired: true } : {}),
    ...(options.circulationOffers ? { offers: options.circulationOffers } : {}),
    ...(circulation.endSession ? { endsPatronSessions: true } : {}),
    // Read at each arming: the patron's audio mode now, not the station's default.
    longerTimeouts: {
      audioTimeoutFactor: accessibility.audioTimeoutFactor,
      moreTimeFactor: accessibility.moreTimeFactor,
      audio: read.audio,
    },
  };
  const offline = options.offline?.circulation;
  if (offline) config.offlineCheckOutPaused = () => offline.knowledge.checkOutPaused();
  return config;
}
