import { err, ok, type Result } from '../../../src-shared/result';
import type { MessageCode, OutgoingMessage } from '../../../src-shared/sip2/messages';
import type { Support, SupportableRequest } from '../../../src-shared/sip2/positional-fields';
import type { CallOptions } from '../client';
import type { OperationName, LibraryError } from '../../library/library-error';
import type { CirculationResult, MemberCirculation } from '../../library/records';
import { UNKNOWN } from '../../library/values';
import { readFlag } from '../../../src-shared/sip2/readers';
import { lateness, readCheckinAnswer, readCheckoutAnswer } from './read-circulation';
import { createRefusalReasons } from './refusal-reasons';
import { readPatronAnswer } from './read-patron';
import { readAcsStatus, readItemInformation } from './read-status';
import {
  checkinRequest,
  checkoutRequest,
  endSessionRequest,
  itemInformationRequest,
  patronInformationRequest,
  patronStatusRequest,
  renewRequest,
  scStatusRequest,
  type Terminal,
} from './requests';
import { createSip2Connection, type Answer } from './sip2-connection';
import { failureOf } from './sip2-failures';
import type { AcsStatus, ItemInformation, Sip2Client, Sip2ClientOptions } from './sip2-types';
import { serviceCallStatus } from '../call-metrics';
import { acsClockSkewSeconds } from './acs-clock';
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
  /** BX of the last ACS status read; asked once on first need, again on each acsStatus(). */
  let supported: Record<SupportableRequest, Support> | undefined;
  let supportAsked = false;
  /** Each card's charged items as last seen: whether a check-out is a renewal, why one was refused. */
  const charged = new Map<string, Set<string>>();
  const key = (barcode: string) => barcode.trim().toLowerCase();
  /**
   * The PIN the patron of the session now at the kiosk gave, once the ACS said it was right: AD
   * of every patron request of that card (63/23, 11, 29, 35), as FOLIO checks it on each. Only
   * here, in this process's memory; never logged; forgotten at the session's end (endSession, at
   * its every end: done, timed out, cancelled, staff stepping in) and at close.
   */
  let proved: { card: string; pin: string } | undefined;
  const pinOf = (card: string): string | undefined =>
    proved && key(proved.card) === key(card) ? proved.pin : undefined;

  /** A request whose effect matters: sent once, whatever becomes of it. */
  async function once<C extends MessageCode>(
    operation: OperationName,
    message: OutgoingMessage,
    expect: C,
    signal?: AbortSignal,
  ): Promise<Result<Answer<C>, LibraryError>> {
    const started = performance.now();
    const answer = await connection.exchange(message, expect, signal);
    if (answer.ok) return timed(operation, started, answer);
    const error = failureOf(operation, answer.error, options);
    log.warn('SIP2 request failed', { operation, kind: error.kind, outcome: error.outcome });
    return timed(operation, started, err(error));
  }

  /** Reports a request's status and time since `started` to the fleet's metrics. */
  function timed<T extends Result<unknown, LibraryError>>(
    operation: OperationName,
    started: number,
    result: T,
  ): T {
    const status = serviceCallStatus(result.ok ? undefined : result.error);
    options.metrics?.serviceCall(operation, status, (performance.now() - started) / 1000);
    return result;
  }

  /**
   * A read: asked again on a fresh connection after a dropped or garbled one, up to `retries`
   * times (not after silence, which a second ask would only double).
   */
  async function read<C extends MessageCode>(
    operation: OperationName,
    message: () => OutgoingMessage,
    expect: C,
    signal?: AbortSignal,
  ): Promise<Result<Answer<C>, LibraryError>> {
    const started = performance.now();
    let answer = await connection.exchange(message(), expect, signal);
    for (let again = 0; !answer.ok && again < options.retries; again++) {
      const failure = answer.error;
      const worthAgain =
        failure.kind === 'garbled' ||
        failure.kind === 'unexpected' ||
        (failure.kind === 'no-answer' &&
          failure.cause !== 'timeout' &&
          failure.cause !== 'cancelled');
      if (!worthAgain) break;
      log.info('SIP2: asking again on a fresh connection', { operation, after: failure.kind });
      answer = await connection.exchange(message(), expect, signal);
    }
    if (answer.ok) return timed(operation, started, answer);
    const error = failureOf(operation, answer.error, options);
    log.warn('SIP2 request failed', { operation, kind: error.kind });
    return timed(operation, started, err(error));
  }

  /** The ACS's clock against the kiosk's, from the date an answer carries (acs-clock.ts). */
  function clockFrom(acsDate: string | undefined): void {
    const skew = acsClockSkewSeconds(acsDate, now().getTime());
    if (skew !== undefined) options.metrics?.clockSkew(skew);
  }

  async function acsStatus(): Promise<Result<AcsStatus, LibraryError>> {
    supportAsked = true;
    const answer = await read('acsStatus', scStatusRequest, '98');
    if (!answer.ok) return answer;
    clockFrom(answer.value.fixed.dateTimeSync);
    const status = readAcsStatus(answer.value);
    supported = status.supported;
    return ok(status);
  }

  /** Whether BX says the ACS answers a request; `not-said` when it did not say or was not asked. */
  async function support(request: SupportableRequest): Promise<Support> {
    if (!supportAsked) await acsStatus();
    return supported?.[request] ?? 'not-said';
  }

  function onCard(member: string, item: string): boolean | 'unknown' {
    const items = charged.get(key(member));
    return items ? items.has(key(item)) : UNKNOWN;
  }

  function remember(member: string, circulation: MemberCirculation): void {
    if (circulation.loans === UNKNOWN) charged.delete(key(member));
    else
      charged.set(
        key(member),
        new Set(circulation.loans.map((loan) => key(loan.itemBarcode ?? ''))),
      );
  }

  /**
   * A card's 63 (or 23), with the PIN given, else the one proved this session; `passwordRefused`:
   * the answer said the password was not valid (CQ N), which a refusal's explanation needs.
   */
  async function lookupAnswer(
    operation: 'memberByBarcode' | 'memberWithPin',
    memberBarcode: string,
    given: string | undefined,
    opts?: CallOptions,
  ): Promise<{ result: Result<MemberCirculation, LibraryError>; passwordRefused: boolean }> {
    if (memberBarcode.trim() === '')
      return { result: err(emptyArgument(operation, 'memberBarcode')), passwordRefused: false };
    const pin = given ?? pinOf(memberBarcode);
    // 63 unless BX says no; then 23, which has no loans.
    const full = (await support('63')) !== 'no';
    const answer = full
      ? await read(
          operation,
          () => patronInformationRequest(terminal, memberBarcode, now(), pin),
          '64',
          opts?.signal,
        )
      : await read(
          operation,
          () => patronStatusRequest(terminal, memberBarcode, now(), pin),
          '24',
          opts?.signal,
        );
    if (!answer.ok) return { result: answer, passwordRefused: false };
    const sent = { memberBarcode, pin };
    const result = readPatronAnswer(answer.value, sent, operation, whole, options.patronPin);
    if (result.ok) remember(memberBarcode, result.value);
    return { result, passwordRefused: readFlag(answer.value.fields.CQ) === 'no' };
  }

  async function lookup(
    operation: 'memberByBarcode' | 'memberWithPin',
    memberBarcode: string,
    pin: string | undefined,
    opts?: CallOptions,
  ): Promise<Result<MemberCirculation, LibraryError>> {
    return (await lookupAnswer(operation, memberBarcode, pin, opts)).result;
  }

  /** A card's PIN checked: kept for the session when right, forgotten when not. */
  async function checkPin(
    memberBarcode: string,
    pin: string,
  ): Promise<Result<MemberCirculation, LibraryError>> {
    const result = await lookup('memberWithPin', memberBarcode, pin);
    const right = result.ok && result.value.pin === 'valid';
    if (right) proved = { card: memberBarcode, pin };
    else if (pinOf(memberBarcode) !== undefined) proved = undefined;
    return result;
  }

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
    itemBarcode: string,
  ): Promise<Result<ItemInformation, LibraryError> | undefined> {
    if ((await support('17')) === 'no') return undefined;
    return itemInformation(itemBarcode);
  }

  async function itemInformation(
    itemBarcode: string,
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
        charged.get(key(memberBarcode))?.add(key(itemBarcode));
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
        for (const items of charged.values()) items.delete(key(itemBarcode));
        const due = before?.ok ? before.value.dueDate : undefined;
        return ok({ ...result.value, ...lateness(due, returnedAt) });
      }
      return err(await explained(result.error, itemBarcode, { operation: 'checkIn' }, before));
    },

    async endSession(memberBarcode) {
      charged.delete(key(memberBarcode));
      // Forgotten now, before anything is awaited; the 35 still carries it (FOLIO checks it).
      const pin = pinOf(memberBarcode);
      proved = undefined;
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
      proved = undefined;
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

function emptyArgument(operation: OperationName, argument: string): LibraryError {
  return {
    kind: 'invalid-argument',
    operation,
    issue: `${argument}: empty`,
    outcome: 'not-applied',
  };
}
