import { describe, expect, it } from 'vitest';
import {
  DEMO_STAFF_PIN,
  DEMO_STAFF_PIN_HASH,
  pinHashInForce,
} from '../../../src-main/staff-pin/demo-pin';
import { verifyStaffPin } from '../../../src-main/staff-pin/hash';

const SET = 'scrypt$32768$8$1$c2FsdA$aGFzaA';

describe('the PIN that opens staff mode', () => {
  it.each<[label: string, settings: string | undefined, demo: boolean, hash: string | undefined]>([
    ['the one set, in demo mode', SET, true, SET],
    ['the one set, outside demo mode', SET, false, SET],
    ["none set, in demo mode: the demo PIN's", undefined, true, DEMO_STAFF_PIN_HASH],
    ['none set, outside demo mode: none, staff mode stays shut', undefined, false, undefined],
  ])('%s', (_label, settings, demo, hash) => {
    expect(pinHashInForce(settings, demo)).toBe(hash);
  });

  it('the demo hash is the demo PIN', async () => {
    expect(await verifyStaffPin(DEMO_STAFF_PIN, DEMO_STAFF_PIN_HASH)).toBe(true);
  });
});
