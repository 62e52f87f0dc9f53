import type { ScreenOf } from '../lib/screens';
import type { MessageKey } from '../i18n/message-key';

/** What the welcome screen invites the patron to do, and the offline banner above it. */
export interface AttractOffer {
  /** "Scan your library card": borrowing is possible. */
  cardScan: boolean;
  /** The "Return items" button. */
  returns: boolean;
  /** Offline and neither is possible: the screen says so and sends the patron to staff. */
  closed: boolean;
  banner?: MessageKey;
}

export function attractOffer(offline: ScreenOf<'attract'>['offline']): AttractOffer {
  if (!offline) return { cardScan: true, returns: true, closed: false };
  const { checkOut, checkIn } = offline;
  const closed = !checkOut && !checkIn;
  const banner: MessageKey | undefined = closed
    ? undefined
    : checkOut && checkIn
      ? 'attract.offline.both'
      : checkOut
        ? 'attract.offline.checkOutOnly'
        : 'attract.offline.checkInOnly';
  return { cardScan: checkOut, returns: checkIn, closed, ...(banner ? { banner } : {}) };
}
