import { describe, expect, it, vi } from 'vitest';
import { createSyncEngine } from '../../../src-main/circulation/offline/sync';
import type { RequestEffect, LibraryError } from '../../../src-main/library/library-error';
import { err, ok } from '../../../src-common/result';
import { CARD, ITEM, harness } from './session-harness';
import { deskWith, memberRecord, unreachablePort } from './offline/desk-support';
import { asItem, asMember } from '../../support/barcodes';

/**
 * An answer longer than service.maxAnswerBytes (issue 22, item 2) on the patron's line and in the
 * offline sync: the status decides what was done, and the patron never reads the cap.
 */
const tooLarge = (status: number, outcome: RequestEffect): LibraryError => ({
  kind: 'too-large',
  operation: 'checkOut',
  status,
  limitBytes: 4 * 1024 ** 2,
  outcome,
});

function checkOut(answer: LibraryError) {
  const session = harness();
  session.identified();
  session.scanItem();
  session.checkOutAnswer(0, answer);
  return session.lines()[0];
}

describe('patron session: an answer too large to read', () => {
  it('counts a 2xx as done, the details unknown', () => {
    expect(checkOut(tooLarge(200, 'applied'))?.status).toBe('done');
  });

  it('shows a 4xx as the service unavailable, without the cap', () => {
    const line = checkOut(tooLarge(400, 'not-applied'));
    expect(line?.status).not.toBe('done');
    expect(line?.message).toEqual({ kind: 'unavailable' });
  });

  it('sends the patron to staff after a 5xx, which may have been applied', () => {
    expect(checkOut(tooLarge(500, 'unknown'))?.message).toEqual({ kind: 'outcome-unknown' });
  });
});

describe('offline sync: an answer too large to read', () => {
  it('makes a queued check-out refused with an oversized answer an exception naming the cap, sent once', async () => {
    const send = vi.fn(async () => err(tooLarge(422, 'not-applied')));
    const port = unreachablePort({
      memberByBarcode: async () => ok(memberRecord({ loans: [] })),
      checkOut: send,
    });
    const made = await deskWith(port);
    await made.journal.record({
      kind: 'check-out',
      item: asItem(ITEM),
      member: asMember(CARD),
      at: 1,
    });
    const sync = createSyncEngine({
      journal: made.journal,
      port,
      connectivity: made.connectivity,
      signedIn: () => true,
      retryFirstDelayMs: 10,
      retryMaxDelayMs: 10,
    });
    for (let pass = 0; pass < 2; pass += 1) {
      sync.kick();
      await sync.idle();
    }
    expect(send).toHaveBeenCalledTimes(1);
    expect(made.journal.entries()[0]).toMatchObject({
      state: 'exception',
      exception: {
        reason: 'refused',
        unread: { kind: 'too-large', limitBytes: 4 * 1024 * 1024 },
      },
    });
    await sync.dispose();
    await made.close();
  });
});
