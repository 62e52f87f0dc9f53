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
  /** What the closed screen says under its title; absent, that the library system is offline. */
  closedHint?: MessageKey;
}

/**
 * Offline, the kiosk's offline rules decide; online, what the library system takes now, when it
 * does not take both (`offers`, from SIP2's ACS status), with words of its own.
 */
export function attractOffer(
  offline: ScreenOf<'attract'>['offline'],
  offers?: ScreenOf<'attract'>['offers'],
): AttractOffer {
  const limits = offline ?? offers;
  if (!limits) return { cardScan: true, returns: true, closed: false };
  const { checkOut, checkIn } = limits;
  const closed = !checkOut && !checkIn;
  const banner: MessageKey | undefined = closed
    ? undefined
    : !offline
      ? checkOut
        ? 'sip2.attract.checkOutOnly'
        : 'sip2.attract.checkInOnly'
      : checkOut && checkIn
        ? 'attract.offline.both'
        : checkOut
          ? 'attract.offline.checkOutOnly'
          : 'attract.offline.checkInOnly';
  return {
    cardScan: checkOut,
    returns: checkIn,
    closed,
    ...(banner ? { banner } : {}),
    ...(offline ? {} : { closedHint: 'sip2.attract.closedHint' as const }),
  };
}
