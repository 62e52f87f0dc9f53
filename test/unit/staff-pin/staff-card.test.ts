import { describe, expect, it } from 'vitest';
import {
  STAFF_CARD_HASH,
  hashStaffCard,
  isStaffCardCode,
  makeStaffCardCode,
  matchesStaffCard,
  staffCardHolder,
} from '../../../src-main/staff-pin/staff-card';

describe('the staff card', () => {
  it('is LKS and 22 characters a scanner cannot confuse (110 bits), a new one each time', () => {
    const codes = new Set(Array.from({ length: 200 }, () => makeStaffCardCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) {
      expect(code).toMatch(/^LKS[0-9A-HJKMNP-TV-Z]{22}$/);
      expect(code.slice(3)).not.toMatch(/[ILOUa-z]/);
      expect(isStaffCardCode(code)).toBe(true);
    }
  });

  it('is stored as sha256$<hex> and matched by it, nothing else', () => {
    const code = makeStaffCardCode();
    const cardHash = hashStaffCard(code);
    expect(cardHash).toMatch(STAFF_CARD_HASH);
    expect(cardHash).not.toContain(code);
    expect(matchesStaffCard(code, cardHash)).toBe(true);
    expect(matchesStaffCard(makeStaffCardCode(), cardHash)).toBe(false);
    // A patron's card, an item, the code in lower case or cut short: not the card, unhashed.
    for (const other of [
      '24410000000011',
      '34410000000019',
      code.toLowerCase(),
      code.slice(0, -1),
    ]) {
      expect(matchesStaffCard(other, cardHash)).toBe(false);
    }
    expect(matchesStaffCard(code, undefined)).toBe(false);
    expect(matchesStaffCard(code, 'scrypt$1$2$3$4$5')).toBe(false);
  });

  it('is replaced and removed in the holder the running kiosk asks', () => {
    const first = makeStaffCardCode();
    const second = makeStaffCardCode();
    const holder = staffCardHolder(hashStaffCard(first));
    expect(holder.configured()).toBe(true);
    expect(holder.matches(first)).toBe(true);
    holder.replace(hashStaffCard(second));
    expect(holder.matches(first)).toBe(false);
    expect(holder.matches(second)).toBe(true);
    holder.replace(undefined);
    expect(holder.configured()).toBe(false);
    expect(holder.matches(second)).toBe(false);
  });
});
