import { formatSipDate } from '../../../src-shared/sip2/date';
import type { OutgoingMessage } from '../../../src-shared/sip2/messages';
import { summaryField } from '../../../src-shared/sip2/positional-fields';

/**
 * The requests the kiosk sends, as messages for the codec (3M SIP2 2.00, revision 2.12,
 * "Messages"). Pure: the moment and every identity come from the caller.
 */

/** Who and where the kiosk is, in every request. */
export type Terminal = {
  institutionId: string;
  terminalPassword: string;
  locationCode: string;
};

/** Dates the ACS reads as its local time: the kiosk stands in the library's time zone. */
export const sipNow = (moment: Date): string => formatSipDate(moment, 'local');

const NO_DATE = ' '.repeat(18);
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A promised due day (YYYY-MM-DD) as the end of that day, local time; anything else none. */
export function dueDayField(dueDay: string | undefined): string {
  const match = dueDay === undefined ? null : DAY.exec(dueDay);
  return match ? `${match[1]}${match[2]}${match[3]}    235959` : NO_DATE;
}

/** An ISO instant the journal wrote, as a SIP2 date; an unreadable one is the moment given. */
export function instantField(iso: string | undefined, fallback: Date): string {
  const ms = iso === undefined ? Number.NaN : Date.parse(iso);
  return sipNow(Number.isNaN(ms) ? fallback : new Date(ms));
}

export function loginRequest(user: string, password: string, locationCode: string) {
  return {
    code: '93',
    fixed: { uidAlgorithm: '0', pwdAlgorithm: '0' },
    fields: { CN: user, CO: password, ...(locationCode ? { CP: locationCode } : {}) },
  } satisfies OutgoingMessage<'93'>;
}

/** SC status: status 0 (ready), print width 0 (the kiosk prints its own receipts), version 2.00. */
export function scStatusRequest() {
  return {
    code: '99',
    fixed: { statusCode: '0', maxPrintWidth: '000', protocolVersion: '2.00' },
    fields: {},
  } satisfies OutgoingMessage<'99'>;
}

/** Patron information asking for the charged items (the loans), with the PIN when one is checked. */
export function patronInformationRequest(
  terminal: Terminal,
  memberBarcode: string,
  at: Date,
  pin?: string,
) {
  return {
    code: '63',
    fixed: { language: '000', transactionDate: sipNow(at), summary: summaryField('charged-items') },
    fields: {
      AO: terminal.institutionId,
      AA: memberBarcode,
      AC: terminal.terminalPassword,
      ...(pin === undefined ? {} : { AD: pin }),
    },
  } satisfies OutgoingMessage<'63'>;
}

/** Patron status, for an ACS whose BX says it does not answer 63. AD is required: empty without a PIN. */
export function patronStatusRequest(
  terminal: Terminal,
  memberBarcode: string,
  at: Date,
  pin?: string,
) {
  return {
    code: '23',
    fixed: { language: '000', transactionDate: sipNow(at) },
    fields: {
      AO: terminal.institutionId,
      AA: memberBarcode,
      AC: terminal.terminalPassword,
      AD: pin ?? '',
    },
  } satisfies OutgoingMessage<'23'>;
}

export type Queued = { at: string; dueDay?: string };

/** `pin`: the card's PIN the patron gave this session, as AD (FOLIO checks it on each request). */
type Loan = {
  itemBarcode: string;
  memberBarcode: string;
  queued?: Queued | undefined;
  pin?: string | undefined;
};

/**
 * What a check-out and a renewal share: no-block for one the offline sync sends (`queued`), as
 * the kiosk already lent the item, with the due day it promised, at the moment it was scanned.
 */
function loanParts(
  terminal: Terminal,
  { itemBarcode, memberBarcode, queued, pin }: Loan,
  at: Date,
) {
  return {
    fixed: {
      noBlock: queued ? 'Y' : 'N',
      transactionDate: queued ? instantField(queued.at, at) : sipNow(at),
      nbDueDate: queued ? dueDayField(queued.dueDay) : NO_DATE,
    },
    fields: {
      AO: terminal.institutionId,
      AA: memberBarcode,
      AB: itemBarcode,
      AC: terminal.terminalPassword,
      ...(pin === undefined ? {} : { AD: pin }),
    },
  };
}

/** A check-out (no-block when queued). */
export function checkoutRequest(terminal: Terminal, loan: Loan, at: Date) {
  const { fixed, fields } = loanParts(terminal, loan, at);
  return {
    code: '11',
    fixed: { scRenewalPolicy: 'Y', ...fixed },
    fields,
  } satisfies OutgoingMessage<'11'>;
}

/** A renewal: the item is already on this patron's card (no-block when queued). */
export function renewRequest(terminal: Terminal, loan: Loan, at: Date) {
  const { fixed, fields } = loanParts(terminal, loan, at);
  return {
    code: '29',
    fixed: { thirdPartyAllowed: 'N', ...fixed },
    fields,
  } satisfies OutgoingMessage<'29'>;
}

/** A check-in at the kiosk's location; a queued one is no-block with the day it was returned. */
export function checkinRequest(
  terminal: Terminal,
  itemBarcode: string,
  at: Date,
  queued?: { at: string },
) {
  return {
    code: '09',
    fixed: {
      noBlock: queued ? 'Y' : 'N',
      transactionDate: sipNow(at),
      returnDate: queued ? instantField(queued.at, at) : sipNow(at),
    },
    fields: {
      AP: terminal.locationCode,
      AO: terminal.institutionId,
      AB: itemBarcode,
      AC: terminal.terminalPassword,
    },
  } satisfies OutgoingMessage<'09'>;
}

export function itemInformationRequest(terminal: Terminal, itemBarcode: string, at: Date) {
  return {
    code: '17',
    fixed: { transactionDate: sipNow(at) },
    fields: { AO: terminal.institutionId, AB: itemBarcode, AC: terminal.terminalPassword },
  } satisfies OutgoingMessage<'17'>;
}

export function endSessionRequest(
  terminal: Terminal,
  memberBarcode: string,
  at: Date,
  pin?: string,
) {
  return {
    code: '35',
    fixed: { transactionDate: sipNow(at) },
    fields: {
      AO: terminal.institutionId,
      AA: memberBarcode,
      AC: terminal.terminalPassword,
      ...(pin === undefined ? {} : { AD: pin }),
    },
  } satisfies OutgoingMessage<'35'>;
}

export const resendRequest = { code: '97', fixed: {}, fields: {} } satisfies OutgoingMessage<'97'>;
