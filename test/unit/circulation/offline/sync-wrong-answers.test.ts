import { describe, expect, it, vi } from 'vitest';
import { createSyncEngine } from '../../../../src-main/circulation/offline/sync';
import type { LibraryError } from '../../../../src-main/library/library-error';
import { err, ok } from '../../../../src-common/result';
import { CARD, ITEM } from '../session-harness';
import { deskWith, memberRecord, unreachablePort } from './desk-support';
import { captureLogs } from '../../../support/log-capture';
import { asItem, asMember } from '../../../support/barcodes';

/**
 * A queued transaction the service answers with a redirect, or with another item than was sent
 * (issue 22, item 7): staff see it as an exception, once; it is neither applied nor re-sent.
 */
async function queued(
  kind: 'check-out' | 'check-in',
  answer: LibraryError,
  options: { lookup?: LibraryError; unknownOutcome?: boolean } = {},
) {
  const send = vi.fn(async () => err(answer));
  const { lookup } = options;
  const port = unreachablePort({
    memberByBarcode: async () => (lookup ? err(lookup) : ok(memberRecord({ loans: [] }))),
    ...(kind === 'check-out' ? { checkOut: send } : { checkIn: send }),
  });
  const made = await deskWith(port);
  await made.journal.record({
    kind,
    item: asItem(ITEM),
    ...(kind === 'check-out' ? { member: asMember(CARD) } : {}),
    ...(options.unknownOutcome ? { unknownOutcome: true } : {}),
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
  return { ...made, sync, send };
}

async function settleTwice(made: Awaited<ReturnType<typeof queued>>) {
  made.sync.kick();
  await made.sync.idle();
  // A second pass (as a retry timer or a reconnection would start) sends nothing more.
  made.sync.kick();
  await made.sync.idle();
}

describe('offline sync and answers that are not this transaction', () => {
  it('makes a check-in answered for another item an unconfirmed exception, sent once', async () => {
    const made = await queued('check-in', {
      kind: 'mismatched-answer',
      operation: 'checkIn',
      field: 'itemBarcode',
      outcome: 'unknown',
    });
    await settleTwice(made);
    expect(made.send).toHaveBeenCalledTimes(1);
    expect(made.journal.entries()[0]).toMatchObject({
      state: 'exception',
      exception: { reason: 'unconfirmed' },
    });
    expect(made.journal.counts()).toMatchObject({ queued: 0, exceptions: 1 });
    await made.sync.dispose();
    await made.close();
  });

  it('makes a redirected check-out an exception naming the redirect, sent once', async () => {
    const made = await queued('check-out', {
      kind: 'redirected',
      operation: 'checkOut',
      status: 307,
      target: 'https://elsewhere.example',
      outcome: 'not-applied',
    });
    await settleTwice(made);
    expect(made.send).toHaveBeenCalledTimes(1);
    expect(made.journal.entries()[0]).toMatchObject({
      state: 'exception',
      exception: {
        reason: 'refused',
        unread: { kind: 'redirected', target: 'https://elsewhere.example' },
      },
    });
    await made.sync.dispose();
    await made.close();
  });

  it('records a check-out the client would not send as not sent, once, with no answer of the service (issue 23, item 8)', async () => {
    const made = await queued('check-out', {
      kind: 'invalid-argument',
      operation: 'checkOut',
      issue: 'itemBarcode: empty',
      outcome: 'not-applied',
    });
    const logs = captureLogs('warn');
    await settleTwice(made).finally(() => logs.restore());
    expect(made.send).toHaveBeenCalledTimes(1);
    // Why it was not sent is for the operator's log: the operation and the argument, once.
    expect(logs.records).toMatchObject([
      {
        level: 'warn',
        scope: 'circulation:sync',
        message: 'a queued transaction could not be sent',
        data: { operation: 'checkOut', issue: 'itemBarcode: empty' },
      },
    ]);
    const [line] = made.journal.entries();
    expect(line).toMatchObject({ state: 'exception', exception: { reason: 'not-sent' } });
    // The kiosk's reason, not words of the library system: nothing for the answer column.
    expect(line?.exception).not.toHaveProperty('message');
    expect(line?.exception).not.toHaveProperty('status');
    await made.sync.dispose();
    await made.close();
  });

  it('leaves to staff a check-out whose member look-up is redirected, instead of retrying', async () => {
    const redirect: LibraryError = {
      kind: 'redirected',
      operation: 'memberByBarcode',
      status: 307,
      target: 'https://elsewhere.example',
      outcome: 'not-applied',
    };
    const lostAnswer = await queued('check-out', redirect, {
      lookup: redirect,
      unknownOutcome: true,
    });
    await settleTwice(lostAnswer);
    expect(lostAnswer.send).not.toHaveBeenCalled();
    expect(lostAnswer.journal.entries()[0]).toMatchObject({
      state: 'exception',
      exception: { reason: 'unconfirmed' },
    });
    expect(lostAnswer.sync.status().phase).not.toBe('waiting-service');
    await lostAnswer.sync.dispose();
    await lostAnswer.close();

    const fresh = await queued(
      'check-out',
      { ...redirect, operation: 'checkOut' },
      { lookup: redirect },
    );
    await settleTwice(fresh);
    expect(fresh.send).toHaveBeenCalledTimes(1);
    expect(fresh.journal.entries()[0]).toMatchObject({ state: 'exception' });
    await fresh.sync.dispose();
    await fresh.close();
  });
});
