import { describe, expect, it } from 'vitest';
import { attractOffer } from '../../../src-renderer/patron/attract-offer';
import { englishText } from '../../support/catalog-words';

describe('attract offer', () => {
  it('online: invites a card scan and offers returns, with no offline banner', () => {
    expect(attractOffer(undefined)).toEqual({ cardScan: true, returns: true, closed: false });
  });

  it('offline with both allowed: both, under a banner that says they are confirmed later', () => {
    expect(attractOffer({ checkOut: true, checkIn: true })).toEqual({
      cardScan: true,
      returns: true,
      closed: false,
      banner: 'attract.offline.both',
    });
  });

  it('offline without returns: invites a card scan but offers no "Return items"', () => {
    const offer = attractOffer({ checkOut: true, checkIn: false });
    expect(offer).toMatchObject({ cardScan: true, returns: false, closed: false });
    expect(offer.banner).toBe('attract.offline.checkOutOnly');
  });

  it('offline without borrowing: offers returns and does not invite a card scan', () => {
    const offer = attractOffer({ checkOut: false, checkIn: true });
    expect(offer).toMatchObject({ cardScan: false, returns: true, closed: false });
    expect(offer.banner).toBe('attract.offline.checkInOnly');
  });

  it('offline with neither: the kiosk is closed to patrons', () => {
    expect(attractOffer({ checkOut: false, checkIn: false })).toEqual({
      cardScan: false,
      returns: false,
      closed: true,
    });
  });

  it('has catalog words for every banner', () => {
    for (const checkOut of [true, false])
      for (const checkIn of [true, false]) {
        const { banner } = attractOffer({ checkOut, checkIn });
        if (banner) expect(englishText(banner)).toBeTypeOf('string');
      }
  });
});
