import { createHash, timingSafeEqual } from 'node:crypto';
import type { OutgoingMessage } from '../../src-shared/sip2/messages';
import type { ReceivedMessage } from '../../src-shared/sip2/parse';
import {
  supportedMessagesField,
  type SupportableRequest,
} from '../../src-shared/sip2/positional-fields';
import { checkin, checkout, patronOf, renew } from './circulation-answers';
import { type Sip2Services, type Sip2Session } from './context';
import { UNKNOWN_PATRON_STATUS, patronInformation, patronStatusAnswer } from './patron-answers';
import { SIP2_WORDS } from './words';

/** The requests the listener answers: BX of its ACS status (98) lists exactly these. */
export const SUPPORTED_REQUESTS: readonly SupportableRequest[] = [
  '23',
  '11',
  '09',
  '99',
  '97',
  '93',
  '63',
  '35',
  '17',
  '29',
];

/** Requests answered before a login: the login itself and the status a probe asks first. */
const BEFORE_LOGIN = new Set(['93', '99']);

function sameSecret(given: string | undefined, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given ?? ''), digest(expected));
}

/**
 * The answer to one request, or undefined for a message a self-check does not send (an answer
 * code, or a resend request, which the connection handles). Circulation needs a login first.
 */
export async function answerRequest(
  request: ReceivedMessage,
  session: Sip2Session,
  services: Sip2Services,
): Promise<OutgoingMessage | undefined> {
  if (!session.loggedIn && !BEFORE_LOGIN.has(request.code)) {
    return refusal(request, SIP2_WORDS.notLoggedIn, services);
  }
  return answerLoggedIn(request, session, services);
}

async function answerLoggedIn(
  request: ReceivedMessage,
  session: Sip2Session,
  services: Sip2Services,
): Promise<OutgoingMessage | undefined> {
  switch (request.code) {
    case '93':
      return login(request, session, services);
    case '99':
      return acsStatus(session, services);
    case '63':
      return patronInformation(request, services);
    case '23':
      return patronStatusAnswer(request, services);
    case '11':
      return checkout(request, services);
    case '09':
      return checkin(request, services, session);
    case '29':
      return renew(request, services);
    case '17':
      return itemInformation(request, services);
    case '35':
      return await endSession(request, services);
    default:
      return undefined;
  }
}

function login(
  request: Extract<ReceivedMessage, { code: '93' }>,
  session: Sip2Session,
  services: Sip2Services,
): OutgoingMessage<'94'> {
  const { CN, CO, CP } = request.fields;
  // Both compared, always: the answer's time does not tell which of the two was wrong.
  const userOk = sameSecret(CN, services.login.user);
  const passwordOk = sameSecret(CO, services.login.password);
  session.loggedIn = userOk && passwordOk;
  if (session.loggedIn) {
    session.locationCode = CP;
    const branch = CP ? services.routing.branchByCode(CP) : undefined;
    if (branch) session.branchId = branch.id;
  }
  return { code: '94', fixed: { ok: session.loggedIn ? '1' : '0' }, fields: {} };
}

function acsStatus(session: Sip2Session, services: Sip2Services): OutgoingMessage<'98'> {
  return {
    code: '98',
    fixed: {
      onlineStatus: 'Y',
      checkinOk: 'Y',
      checkoutOk: 'Y',
      acsRenewalPolicy: 'Y',
      statusUpdateOk: 'N',
      // No-block transactions are accepted (circulation-answers.ts), so offline use is fine.
      offlineOk: 'Y',
      timeoutPeriod: '030',
      retriesAllowed: '003',
      dateTimeSync: services.dialect.date(services.now()),
      protocolVersion: '2.00',
    },
    fields: {
      AO: services.institutionId,
      AM: services.libraryName,
      BX: supportedMessagesField(SUPPORTED_REQUESTS),
      ...(session.locationCode ? { AN: session.locationCode } : {}),
    },
  };
}

function itemInformation(
  request: Extract<ReceivedMessage, { code: '17' }>,
  services: Sip2Services,
): OutgoingMessage<'18'> {
  const itemBarcode = request.fields.AB ?? '';
  const facts = services.item(itemBarcode);
  const transactionDate = services.dialect.date(services.now());
  if (!facts) {
    return {
      code: '18',
      fixed: { circulationStatus: '01', securityMarker: '00', feeType: '01', transactionDate },
      fields: { AB: itemBarcode, AJ: '', AF: [SIP2_WORDS.unknownItem] },
    };
  }
  const hold = services.routing.holdOf(itemBarcode);
  // 04 charged, 08 waiting on the hold shelf, 03 available (positional-fields.ts).
  const status = facts.loan ? '04' : hold ? '08' : '03';
  return {
    code: '18',
    fixed: { circulationStatus: status, securityMarker: '02', feeType: '01', transactionDate },
    fields: {
      ...(hold ? { CF: '1' } : {}),
      ...(facts.loan ? { AH: services.dialect.dueDate(new Date(facts.loan.dueAt)) } : {}),
      AB: facts.barcode,
      AJ: facts.title,
      AQ: facts.home,
      AP: facts.home,
    },
  };
}

/** 35 -> 36: ended, unless the dialect requires the patron's password and it is not right. */
async function endSession(
  request: Extract<ReceivedMessage, { code: '35' }>,
  services: Sip2Services,
): Promise<OutgoingMessage<'36'>> {
  const patron = request.fields.AA ?? '';
  const ended =
    !services.dialect.patron.passwordRequired ||
    (await patronOf(services, patron, request.fields.AD)).ok;
  return {
    code: '36',
    fixed: {
      endSession: ended ? 'Y' : 'N',
      transactionDate: services.dialect.date(services.now()),
    },
    fields: { AO: services.institutionId, AA: patron },
  };
}

/**
 * The answer that refuses a request without doing it, with the reason as its screen message: a
 * request before the login, or the error fault knob. Each code's own answer, saying no.
 */
export function refusal(
  request: ReceivedMessage,
  words: string,
  services: Sip2Services,
): OutgoingMessage | undefined {
  const transactionDate = services.dialect.date(services.now());
  const AO = services.institutionId;
  const AF = [words];
  switch (request.code) {
    case '93':
      return { code: '94', fixed: { ok: '0' }, fields: {} };
    case '99':
      return {
        code: '98',
        fixed: {
          onlineStatus: 'N',
          checkinOk: 'N',
          checkoutOk: 'N',
          acsRenewalPolicy: 'N',
          statusUpdateOk: 'N',
          offlineOk: 'Y',
          timeoutPeriod: '030',
          retriesAllowed: '003',
          dateTimeSync: transactionDate,
          protocolVersion: '2.00',
        },
        fields: { AO, BX: supportedMessagesField(SUPPORTED_REQUESTS), AF },
      };
    case '63':
      return {
        code: '64',
        fixed: {
          patronStatus: UNKNOWN_PATRON_STATUS,
          language: services.dialect.patron.language(request.fixed.language),
          transactionDate,
          holdItemsCount: '0000',
          overdueItemsCount: '0000',
          chargedItemsCount: '0000',
          fineItemsCount: '0000',
          recallItemsCount: '0000',
          unavailableHoldsCount: '0000',
        },
        fields: { AO, AA: request.fields.AA ?? '', AE: '', AF },
      };
    case '23':
      return {
        code: '24',
        fixed: {
          patronStatus: UNKNOWN_PATRON_STATUS,
          language: services.dialect.patron.language(request.fixed.language),
          transactionDate,
        },
        fields: { AO, AA: request.fields.AA ?? '', AE: '', AF },
      };
    case '11':
    case '29': {
      const fixed = {
        ok: '0',
        renewalOk: 'N',
        magneticMedia: 'N',
        desensitize: 'N',
        transactionDate,
      };
      const fields = {
        AO,
        AA: request.fields.AA ?? '',
        AB: request.fields.AB ?? '',
        AJ: '',
        AH: '',
        AF,
      };
      return request.code === '11' ? { code: '12', fixed, fields } : { code: '30', fixed, fields };
    }
    case '09':
      return {
        code: '10',
        fixed: { ok: '0', resensitize: 'N', magneticMedia: 'N', alert: 'N', transactionDate },
        fields: { AO, AB: request.fields.AB ?? '', AQ: '', AF },
      };
    case '17':
      return {
        code: '18',
        fixed: { circulationStatus: '01', securityMarker: '00', feeType: '01', transactionDate },
        fields: { AB: request.fields.AB ?? '', AJ: '', AF },
      };
    case '35':
      return {
        code: '36',
        fixed: { endSession: 'N', transactionDate },
        fields: { AO, AA: request.fields.AA ?? '', AF },
      };
    default:
      return undefined;
  }
}
