import type { ServiceClient } from '../service/client';

/**
 * What circulation needs of the library service, and nothing of staff sign-in: a patron session
 * looks a card or an email up, checks out and checks in; the offline desk and the sync use the
 * same four. Its own file, so the session driver and the desk both depend on it, not on each other.
 */
export type CirculationPort = Pick<
  ServiceClient,
  'memberByBarcode' | 'memberByEmail' | 'checkOut' | 'checkIn'
>;
