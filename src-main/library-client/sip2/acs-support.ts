import { ok, type Result } from '../../../src-common/result';
import type { Support, SupportableRequest } from '../../../src-shared/sip2/positional-fields';
import type { LibraryError } from '../../library/library-error';
import { acsClockSkewSeconds } from './acs-clock';
import { readAcsStatus } from './read-status';
import { scStatusRequest } from './requests';
import type { Sip2Exchanges } from './sip2-exchange';
import type { AcsStatus, Sip2ClientOptions } from './sip2-types';

/**
 * What the ACS says of itself: its status (99/98), whether it answers a request (BX, asked once on
 * first need and again on each acsStatus()), and its clock against the kiosk's from the date an
 * answer carries (acs-clock.ts), reported to the fleet's metrics.
 */
export function createAcsSupport(
  read: Sip2Exchanges['read'],
  now: () => Date,
  metrics: Sip2ClientOptions['metrics'],
) {
  /** BX of the last ACS status read. */
  let supported: Record<SupportableRequest, Support> | undefined;
  let supportAsked = false;

  function clockFrom(acsDate: string | undefined): void {
    const skew = acsClockSkewSeconds(acsDate, now().getTime());
    if (skew !== undefined) metrics?.clockSkew(skew);
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

  return {
    clockFrom,
    acsStatus,
    /** Whether BX says the ACS answers a request; `not-said` when it did not say or was not asked. */
    async support(request: SupportableRequest): Promise<Support> {
      if (!supportAsked) await acsStatus();
      return supported?.[request] ?? 'not-said';
    },
  };
}
