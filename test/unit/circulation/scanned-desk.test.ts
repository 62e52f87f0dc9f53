import { describe, expect, it } from 'vitest';
import { onlineDesk } from '../../../src-main/circulation/circulation-port';
import { scannedDesk } from '../../../src-main/circulation/scanned-desk';
import type { CirculationPort } from '../../../src-main/library/circulation-port';
import { ok } from '../../../src-common/result';
import { circulationRecord, memberRecord } from './session-harness';

/** The patron session's edge: scanned text becomes a barcode here, or is not sent at all. */
function recordingDesk() {
  const calls: [string, ...unknown[]][] = [];
  const port: CirculationPort = {
    memberByBarcode: async (memberBarcode) => (
      calls.push(['memberByBarcode', memberBarcode]),
      ok(memberRecord())
    ),
    memberByEmail: async (email) => (calls.push(['memberByEmail', email]), ok(memberRecord())),
    checkOut: async (loan) => (calls.push(['checkOut', loan]), ok(circulationRecord())),
    checkIn: async (itemBarcode) => (calls.push(['checkIn', itemBarcode]), ok(circulationRecord())),
  };
  return { desk: scannedDesk(onlineDesk(port)), calls };
}

const refusal = (operation: string, argument: string) => ({
  via: 'service',
  result: {
    ok: false,
    error: {
      kind: 'invalid-argument',
      operation,
      issue: `${argument}: not a barcode`,
      outcome: 'not-applied',
    },
  },
});

describe('scanned desk', () => {
  it('passes scanned text that is a barcode on, unchanged', async () => {
    const { desk, calls } = recordingDesk();
    await desk.identify('barcode', '20000000000001');
    await desk.identify('email', 'ana@example.org');
    await desk.checkOut({
      itemBarcode: '30000000000001',
      memberBarcode: '20000000000001',
      queuedInSession: 0,
    });
    await desk.renew({ itemBarcode: '30000000000002', memberBarcode: '20000000000001' });
    await desk.checkIn('30000000000003');
    expect(calls).toEqual([
      ['memberByBarcode', '20000000000001'],
      ['memberByEmail', 'ana@example.org'],
      ['checkOut', { itemBarcode: '30000000000001', memberBarcode: '20000000000001' }],
      ['checkOut', { itemBarcode: '30000000000002', memberBarcode: '20000000000001' }],
      ['checkIn', '30000000000003'],
    ]);
  });

  it('sends nothing for text that cannot be a barcode, and answers the invalid argument', async () => {
    const { desk, calls } = recordingDesk();
    const long = '3'.repeat(257);
    expect(await desk.identify('barcode', '')).toEqual(refusal('memberByBarcode', 'memberBarcode'));
    expect(
      await desk.checkOut({
        itemBarcode: long,
        memberBarcode: '20000000000001',
        queuedInSession: 0,
      }),
    ).toEqual(refusal('checkOut', 'itemBarcode'));
    expect(await desk.renew({ itemBarcode: '30000000000001', memberBarcode: '' })).toEqual(
      refusal('checkOut', 'memberBarcode'),
    );
    expect(await desk.checkIn(long)).toEqual(refusal('checkIn', 'itemBarcode'));
    expect(calls).toEqual([]);
  });
});
