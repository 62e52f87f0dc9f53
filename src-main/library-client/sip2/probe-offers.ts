import type { Sip2ProbeReport } from '../../../src-common/ipc/sip2-probe-report';

/**
 * What patrons will be offered, from what the ACS says of itself (98): its status flags and BX.
 * Borrowing needs the check-out flag and 11 answered, and a card looked up (63 or 23); returns
 * the check-in flag and 09; renewals the renewal policy (a re-scan goes as 29 where BX says so,
 * else as 11, which renews when the policy allows).
 */

type Acs = NonNullable<Sip2ProbeReport['acs']>;
type Patrons = NonNullable<Sip2ProbeReport['patrons']>;
type Offer = Patrons['checkOut'];
type Flag = Acs['online'];

function offer(flag: Flag | undefined, answered: boolean | undefined): Offer {
  const limitedBy: Offer['limitedBy'] = [
    ...(flag === 'no' ? (['status'] as const) : []),
    ...(answered === false ? (['bx'] as const) : []),
  ];
  if (limitedBy.length > 0) return { offered: 'no', limitedBy };
  return { offered: flag === undefined || flag === 'yes' ? 'yes' : 'unknown', limitedBy };
}

export function patronOffers(acs: Acs): Patrons {
  const says = (code: string): boolean | undefined =>
    acs.supported[code] === 'no' ? false : acs.supported[code] === 'yes' ? true : undefined;
  const cardsAnswered = says('63') === false && says('23') === false ? false : undefined;
  const cards = offer(undefined, cardsAnswered);
  const checkOut = offer(acs.checkOutOk, says('11') === false ? false : cardsAnswered);
  return {
    cards,
    checkOut,
    checkIn: offer(acs.checkInOk, says('09') === false ? false : undefined),
    renewal: offer(acs.renewalOk, cardsAnswered),
  };
}

/** Patrons get nothing at this kiosk: neither borrowing nor returns. */
export function takesNothing(patrons: Patrons): boolean {
  return patrons.checkOut.offered === 'no' && patrons.checkIn.offered === 'no';
}
