import type { MemberBarcode } from '../../../src-common/barcodes';
import { err, type Result } from '../../../src-common/result';
import { readFlag } from '../../../src-shared/sip2/readers';
import type { Support, SupportableRequest } from '../../../src-shared/sip2/positional-fields';
import type { CallOptions } from '../client';
import type { LibraryError } from '../../library/library-error';
import type { MemberCirculation } from '../../library/records';
import type { PatronMemory } from './patron-memory';
import { readPatronAnswer } from './read-patron';
import { patronInformationRequest, patronStatusRequest, type Terminal } from './requests';
import type { Sip2Exchanges } from './sip2-exchange';
import { emptyArgument } from './sip2-failures';
import type { Sip2ClientOptions } from './sip2-types';

/**
 * How the SIP2 client reads a card: 63 (with its loans) unless BX says the ACS does not answer
 * it, then 23; with the PIN given, else the one proved this session; the loans it lists
 * remembered, and a PIN check kept for the session when right.
 */
export function createPatronLookup(deps: {
  read: Sip2Exchanges['read'];
  support(request: SupportableRequest): Promise<Support>;
  terminal: Terminal;
  now: () => Date;
  memory: PatronMemory;
  feeWholeUnits: Sip2ClientOptions['feeWholeUnits'];
  patronPin: Sip2ClientOptions['patronPin'];
}) {
  const { read, support, terminal, now, memory } = deps;
  const whole = deps.feeWholeUnits;
  const { pinOf } = memory;

  /**
   * A card's 63 (or 23), with the PIN given, else the one proved this session; `passwordRefused`:
   * the answer said the password was not valid (CQ N), which a refusal's explanation needs.
   */
  async function lookupAnswer(
    operation: 'memberByBarcode' | 'memberWithPin',
    memberBarcode: MemberBarcode,
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
    const result = readPatronAnswer(answer.value, sent, operation, whole, deps.patronPin);
    if (result.ok) memory.remember(memberBarcode, result.value);
    return { result, passwordRefused: readFlag(answer.value.fields.CQ) === 'no' };
  }

  async function lookup(
    operation: 'memberByBarcode' | 'memberWithPin',
    memberBarcode: MemberBarcode,
    pin: string | undefined,
    opts?: CallOptions,
  ): Promise<Result<MemberCirculation, LibraryError>> {
    return (await lookupAnswer(operation, memberBarcode, pin, opts)).result;
  }

  /** A card's PIN checked: kept for the session when right, forgotten when not. */
  async function checkPin(
    memberBarcode: MemberBarcode,
    pin: string,
  ): Promise<Result<MemberCirculation, LibraryError>> {
    const result = await lookup('memberWithPin', memberBarcode, pin);
    memory.pinChecked(memberBarcode, pin, result.ok && result.value.pin === 'valid');
    return result;
  }

  return { lookupAnswer, lookup, checkPin };
}
