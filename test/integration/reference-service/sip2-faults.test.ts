import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checksumText, verifyChecksum } from '../../../src-shared/sip2/checksum';
import { formatSipDate } from '../../../src-shared/sip2/date';
import type { OutgoingMessage } from '../../../src-shared/sip2/messages';
import { itemBarcode, memberBarcode } from '../../../src-reference-service/barcode';
import { DEMO_MEMBERS } from '../../../src-reference-service/db/seed';
import { memberCirculationSchema } from '../../../src-reference-service/domain/schemas';
import type { FaultController, RunningSip2 } from '../../../src-reference-service/index';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';
import { loggedInWire, openSip2Wire } from '../../support/sip2-wire';

let fx: ServiceFixture;
let sip2: RunningSip2;
let faults: FaultController;
beforeAll(async () => {
  fx = await startFixture({ faults: true, sip2: { port: 0 } });
  if (!fx.service.sip2 || !fx.service.faults) throw new Error('started without SIP2 or faults');
  sip2 = fx.service.sip2;
  faults = fx.service.faults;
});
afterEach(() => {
  faults.reset();
});
afterAll(async () => {
  await fx?.stop();
});

const STATUS: OutgoingMessage<'99'> = {
  code: '99',
  fixed: { statusCode: '0', maxPrintWidth: '040', protocolVersion: '2.00' },
  fields: {},
};
const checkout = (itemSeq: number): OutgoingMessage<'11'> => ({
  code: '11',
  fixed: {
    scRenewalPolicy: 'Y',
    noBlock: 'N',
    transactionDate: formatSipDate(new Date(), 'utc'),
    nbDueDate: ' '.repeat(18),
  },
  fields: {
    AO: 'HCL',
    AA: memberBarcode(DEMO_MEMBERS.canBorrow),
    AB: itemBarcode(itemSeq),
    AC: '',
  },
});
/** Asked over REST with the knobs off, which apply to the REST API too. */
const lent = async (itemSeq: number) => {
  faults.reset();
  return memberCirculationSchema
    .parse((await fx.api(`/api/lmmemberbycard/${memberBarcode(DEMO_MEMBERS.canBorrow)}`)).body)
    .Items.some((one) => one.ItemBarcode === itemBarcode(itemSeq));
};

describe('SIP2 fault knobs (the same faults.ts as the REST API)', () => {
  it('delays every answer by latencyMs', async () => {
    const wire = await loggedInWire(sip2);
    faults.set({ latencyMs: 150 });
    const started = performance.now();
    await wire.ask(STATUS, '98');
    const took = performance.now() - started;
    wire.close();
    expect(took).toBeGreaterThanOrEqual(150);
  });

  it('with errorRate 1 says offline in 98 and refuses a check-out with its reason, lending nothing', async () => {
    const wire = await loggedInWire(sip2);
    faults.set({ errorRate: 1 });
    const status = await wire.ask(STATUS, '98');
    const refused = await wire.ask(checkout(7), '12');
    wire.close();
    const words = ['The library system is not available just now: please try again later.'];
    expect([status.fixed.onlineStatus, status.fields.AF]).toEqual(['N', words]);
    expect([refused.fixed.ok, refused.fields.AF]).toEqual(['0', words]);
    expect(await lent(7)).toBe(false);
  });

  it('with dropRate 1 closes the line without an answer and without lending', async () => {
    const wire = await loggedInWire(sip2);
    faults.set({ dropRate: 1 });
    await expect(wire.send(checkout(8))).rejects.toThrow('closed the line');
    expect(await lent(8)).toBe(false);
  });

  it('with dropAnswerRate 1 lends, then closes the line before the answer', async () => {
    const wire = await loggedInWire(sip2);
    faults.set({ dropAnswerRate: 1 });
    await expect(wire.send(checkout(9))).rejects.toThrow('closed the line');
    expect(await lent(9)).toBe(true);
  });

  it('during an outage closes every new connection at once', async () => {
    faults.set({ outage: true });
    const wire = await openSip2Wire(sip2);
    expect(await wire.closedWithin(2000)).toBe('closed');
  });

  it('with sip2BadChecksumRate 1 spoils the checksum, and a 97 gets the answer right', async () => {
    const wire = await loggedInWire(sip2);
    faults.set({ sip2BadChecksumRate: 1 });
    const spoiled = await wire.raw(
      `99 0402.00AY1AZ${checksumText(Buffer.from('99 0402.00AY1AZ', 'latin1'))}\r`,
    );
    const resent = await wire.raw(`97AZ${checksumText(Buffer.from('97AZ', 'latin1'))}\r`);
    wire.close();
    expect(verifyChecksum(spoiled.subarray(0, -1)).kind).toBe('bad-checksum');
    expect(verifyChecksum(resent.subarray(0, -1)).kind).toBe('verified');
    expect(Buffer.from(resent.subarray(0, 2)).toString('latin1')).toBe('98');
  });

  it('adds a wrong checksum to an answer that had none', async () => {
    const wire = await loggedInWire(sip2);
    faults.set({ sip2BadChecksumRate: 1 });
    const spoiled = await wire.raw('9900402.00\r');
    wire.close();
    expect(verifyChecksum(spoiled.subarray(0, -1)).kind).toBe('bad-checksum');
  });
});
