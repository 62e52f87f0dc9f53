import type { ItemBarcode } from '../../../src-common/barcodes';
import { err, ok, type Result } from '../../../src-common/result';
import type { LibraryError } from '../../library/library-error';
import type { CirculationResult } from '../../library/records';
import { UNKNOWN } from '../../library/values';
import { lateness, readCheckinAnswer, readCheckoutAnswer } from './read-circulation';
import { createRefusalReasons } from './refusal-reasons';
import { readItemInformation } from './read-status';
import {
  checkinRequest,
  checkoutRequest,
  endSessionRequest,
  itemInformationRequest,
  renewRequest,
  type Terminal,
} from './requests';
import { createSip2Connection } from './sip2-connection';
import { createSip2Exchanges } from './sip2-exchange';
import { createAcsSupport } from './acs-support';
import { createPatronMemory } from './patron-memory';
import { emptyArgument, failureOf } from './sip2-failures';
import { createPatronLookup } from './patron-lookup';
import type { ItemInformation, Sip2Client, Sip2ClientOptions } from './sip2-types';
import { limitRepeats } from '../../../src-shared/log/repeat-limit';

/**
 * The circulation port over SIP2 (docs/sip2.md, "The client"). Every call resolves, never
 * rejects. A check-out, renewal or check-in that was sent and not answered is `outcome: 'unknown'`
 * and never sent again here: the offline desk and the sync look at the card first. Reads are
 * asked again, up to `retries` times, on a fresh connection after a dropped or garbled one.
 */
export function createSip2Client(options: Sip2ClientOptions): Sip2Client {
  // A failing ACS fails every call alike: one line, then a count (repeat-limit.ts).
  const log = limitRepeats(options.log);
  const now = options.now ?? (() => new Date());
  const connection = createSip2Connection(options);
  const terminal: Terminal = {
    institutionId: options.institutionId,
    terminalPassword: options.terminalPassword,
    locationCode: options.locationCode,
  };
  const whole = options.feeWholeUnits;
  const { once, read } = createSip2Exchanges(connection, options, log);
  const { acsStatus, support, clockFrom } = createAcsSupport(read, now, options.metrics);
  const memory = createPatronMemory();
  const { onCard, pinOf } = memory;

  const { lookupAnswer, lookup, checkPin } = createPatronLookup({
    read,
    support,
    terminal,
    now,
    memory,
    feeWholeUnits: whole,
    patronPin: options.patronPin,
  });

  const { explained } = createRefusalReasons({
    support,
    itemInformation: (itemBarcode) => itemInformation(itemBarcode),
    lookupAnswer: (memberBarcode) => lookupAnswer('memberByBarcode', memberBarcode, undefined),
    onCard,
    pinOf,
    patronPin: options.patronPin === true,
  });

  /** The item as the ACS has it before a return, where BX does not say it will not answer 17. */
  async function itemBeforeReturn(
    itemBarcode: ItemBarcode,
  ): Promise<Result<ItemInformation, LibraryError> | undefined> {
    if ((await support('17')) === 'no') return undefined;
    return itemInformation(itemBarcode);
  }

  async function itemInformation(
    itemBarcode: ItemBarcode,
  ): Promise<Result<ItemInformation, LibraryError>> {
    if (itemBarcode.trim() === '') return err(emptyArgument('itemInformation', 'itemBarcode'));
    const answer = await read(
      'itemInformation',
      () => itemInformationRequest(terminal, itemBarcode, now()),
      '18',
    );
    return answer.ok ? ok(readItemInformation(answer.value)) : answer;
  }

  return {
    memberByBarcode: (memberBarcode, opts) =>
      lookup('memberByBarcode', memberBarcode, undefined, opts),

    memberWithPin: (memberBarcode, pin) => checkPin(memberBarcode, pin),

    // SIP2 has no look-up by email: refused before anything is sent.
    memberByEmail: () =>
      Promise.resolve(
        err({
          kind: 'invalid-argument',
          operation: 'memberByEmail',
          issue: 'email: SIP2 has no look-up by email address',
          outcome: 'not-applied',
        }),
      ),

    async checkOut(loan, opts): Promise<Result<CirculationResult, LibraryError>> {
      const { itemBarcode, memberBarcode } = loan;
      if (itemBarcode.trim() === '') return err(emptyArgument('checkOut', 'itemBarcode'));
      if (memberBarcode.trim() === '') return err(emptyArgument('checkOut', 'memberBarcode'));
      // A renewal (29) where BX says the ACS renews and the card already has the item.
      const renews = (await support('29')) === 'yes';
      if (renews && onCard(memberBarcode, itemBarcode) === UNKNOWN) {
        await lookup('memberByBarcode', memberBarcode, undefined);
      }
      const held = onCard(memberBarcode, itemBarcode);
      const renewal = renews && held === true;
      const sent = { ...loan, pin: pinOf(memberBarcode) };
      const answer = renewal
        ? await once('checkOut', renewRequest(terminal, sent, now()), '30', opts?.signal)
        : await once('checkOut', checkoutRequest(terminal, sent, now()), '12', opts?.signal);
      if (!answer.ok) return answer;
      clockFrom(answer.value.fixed.transactionDate);
      const result = readCheckoutAnswer(answer.value, loan, whole);
      if (result.ok) {
        memory.checkedOut(memberBarcode, itemBarcode);
        return result;
      }
      return err(
        await explained(result.error, itemBarcode, { operation: 'checkOut', memberBarcode }),
      );
    },

    async checkIn(itemBarcode, opts): Promise<Result<CirculationResult, LibraryError>> {
      if (itemBarcode.trim() === '') return err(emptyArgument('checkIn', 'itemBarcode'));
      const returning = checkinRequest(terminal, itemBarcode, now(), opts?.queued);
      const unsendable = connection.unsendable(returning);
      if (unsendable) return err(failureOf('checkIn', unsendable, options));
      // The check-in answer (10) has no due date: the item's (17) read first tells a late return.
      // Not for a return the sync sends: nobody waits for its words.
      const before = opts?.queued ? undefined : await itemBeforeReturn(itemBarcode);
      if (before && !before.ok && unreachableOrSilent(before.error)) {
        return err({ ...before.error, operation: 'checkIn', outcome: 'not-applied' });
      }
      const returnedAt = now();
      const request = checkinRequest(terminal, itemBarcode, returnedAt, opts?.queued);
      const answer = await once('checkIn', request, '10', opts?.signal);
      if (!answer.ok) return answer;
      clockFrom(answer.value.fixed.transactionDate);
      const result = readCheckinAnswer(answer.value, { itemBarcode }, whole);
      if (result.ok) {
        memory.checkedIn(itemBarcode);
        const due = before?.ok ? before.value.dueDate : undefined;
        return ok({ ...result.value, ...lateness(due, returnedAt) });
      }
      return err(await explained(result.error, itemBarcode, { operation: 'checkIn' }, before));
    },

    async endSession(memberBarcode) {
      // Forgotten now, before anything is awaited; the 35 still carries it (FOLIO checks it).
      const pin = memory.endSession(memberBarcode);
      if (memberBarcode.trim() === '' || (await support('35')) === 'no') return;
      const answer = await connection.exchange(
        endSessionRequest(terminal, memberBarcode, now(), pin),
        '36',
      );
      // The session is over whatever the ACS says: a failure is only logged.
      if (!answer.ok)
        log.info('SIP2: end of session not confirmed', { failure: answer.error.kind });
    },

    acsStatus,
    itemInformation,
    async close() {
      memory.forgetPin();
      await connection.close();
      log.flush();
    },
  };
}

/**
 * Nothing reached the ACS (no connection, the login refused) or it said nothing in time: the
 * check-in is not sent after the item's status failed so (the offline desk records it instead,
 * rather than wait a second timeout). A line that dropped mid-answer does not stop it.
 */
function unreachableOrSilent(
  error: LibraryError,
): error is Extract<LibraryError, { kind: 'unreachable' | 'timeout' }> {
  return (
    (error.kind === 'unreachable' && error.outcome === 'not-applied') || error.kind === 'timeout'
  );
}
