import { z } from 'zod';
import type { Terminator } from '../../src-shared/sip2/build';
import { formatSipDate } from '../../src-shared/sip2/date';

/**
 * How the listener writes what real systems write differently: dates, fees, names, screen
 * messages and the fields they send or leave out. `standard` follows the specification (3M SIP2
 * 2.00, revision 2.12); `koha`, `evergreen`, `folio` (edge-sip2) and `sipserver` (the Perl
 * server Evergreen used, Koha's C4/SIP's ancestor) are modelled on those systems' SIP servers as
 * their public source shows them (docs/sip2.md, "The reference listener", names the files).
 */
export const SIP2_DIALECT_NAMES = ['standard', 'koha', 'evergreen', 'folio', 'sipserver'] as const;
export const sip2DialectNameSchema = z.enum(SIP2_DIALECT_NAMES);
export type Sip2DialectName = z.infer<typeof sip2DialectNameSchema>;

/** Why a check-out or renewal was refused, for the systems that word each reason their own way. */
export type RefusalReason =
  | 'unknown-card'
  | 'wrong-pin'
  | 'blocked'
  | 'unknown-item'
  | 'lent-to-other'
  | 'already-yours'
  | 'other';

/** Why a check-in was refused. */
export type CheckinRefusal = 'unknown-item' | 'not-on-loan' | 'other';

export interface Sip2Dialect {
  name: Sip2DialectName;
  /** The 18-character dates of fixed fields (transaction date, date/time sync). */
  date(moment: Date): string;
  /** A due date (AH), which some systems write as free text. */
  dueDate(moment: Date): string;
  /** A fee amount (BV) from minor units. */
  fee(minorUnits: number): string;
  /** Answers always end so, whatever the request used; absent: as the request. */
  terminator?: Terminator;
  /**
   * A 97's answer: the last answer again byte for byte, or built again under sequence number 0
   * (SIPServer's handle_request_acs_resend writes it with the 97's own number, 0).
   */
  resend: 'same' | 'sequence-zero';
  /** A line idle this long is closed (SIPServer's service `timeout`); absent, never. */
  idleTimeoutMs?: number;
  patron: {
    /**
     * Every patron request (63, 23, 11, 29, 35) must carry the patron's right password (AD):
     * FOLIO's `patronPasswordVerificationRequired`. Without it, 63 and 23 answer an invalid
     * patron, 11 and 29 a refusal, 35 no end of session.
     */
    passwordRequired: boolean;
    /**
     * An invalid patron's personal name (AE): empty, or the barcode sent (edge-sip2); and its
     * patron status: charge, renewal, recall and hold privileges denied (Koha, Evergreen), or
     * every one of the 14 conditions (edge-sip2's EnumSet.allOf).
     */
    invalid: { name: 'empty' | 'barcode'; status: 'privileges' | 'all' };
    /** The language of 64 and 24, from the request's. */
    language(requested: string): string;
    name(given: string, surname: string): string;
    /** The screen messages (AF) for a known patron's blocks, and a PIN sent wrong. */
    screen(blockWords: string[], wrongPin: boolean): string[];
    unknownCard: string;
    /** CQ: whether a PIN was sent, and whether it was right; undefined leaves CQ out. */
    cq(sent: boolean, valid: boolean): 'Y' | 'N' | undefined;
    /** A wrong PIN answered as an unknown card (BL N, every privilege denied). */
    wrongPinAsUnknown: boolean;
    /** BV and BH even when nothing is owed. */
    feeWhenZero: boolean;
    /** What the item lists (AU, AT, AS) hold. */
    itemList: 'barcode' | 'title';
  };
  circulation: {
    /** Magnetic media on a loan made and on a refusal: N (not magnetic) or U (not said). */
    magneticMedia: { lent: 'N' | 'U'; refused: 'N' | 'U' };
    /** The refusal's screen message from the listener's own words; undefined sends none. */
    refusal(words: string, reason: RefusalReason): string | undefined;
    /** AH sent empty on a refusal (the specification's required field) or left out. */
    dueDateOnRefusal: boolean;
    desensitizeOnRefusal: 'Y' | 'N';
    /** BL (valid patron) on a refused check-out: a field the 12 layout does not have. */
    validPatronOnRefusal: boolean;
  };
  checkin: {
    magneticMedia: 'N' | 'U';
    /** A refused check-in's screen message from the listener's own words; undefined sends none. */
    refusal(words: string, reason: CheckinRefusal): string | undefined;
    /** An unknown item answered with an alert of this type (CV), or without an alert. */
    unknownItemAlert: string | undefined;
    /** AA: the member who had the item. */
    borrower: boolean;
    /** CL: the sort bin of an item with an alert (edge-sip2 leaves it empty). */
    sortBin: boolean;
    /** CY and DA: the member the hold waits for, and their name. */
    holdPatron: boolean;
    /** CV on every answer ("00" when there is no alert). */
    alertTypeAlways: boolean;
  };
}

const majorUnits = (minorUnits: number): string => (minorUnits / 100).toFixed(2);
const two = (value: number): string => String(value).padStart(2, '0');

/** "YYYY-MM-DD HH:MM:SS" in this machine's zone (Perl's strftime '%F %T'). */
function isoLocal(moment: Date): string {
  const day = `${moment.getFullYear()}-${two(moment.getMonth() + 1)}-${two(moment.getDate())}`;
  return `${day} ${two(moment.getHours())}:${two(moment.getMinutes())}:${two(moment.getSeconds())}`;
}

const standard: Sip2Dialect = {
  name: 'standard',
  // The service keeps its dates in UTC, so it says so ("   Z") rather than claim a local zone.
  date: (moment) => formatSipDate(moment, 'utc'),
  dueDate: (moment) => formatSipDate(moment, 'utc'),
  fee: majorUnits,
  resend: 'same',
  patron: {
    passwordRequired: false,
    invalid: { name: 'empty', status: 'privileges' },
    // 001 is English, the language of the listener's screen messages.
    language: () => '001',
    name: (given, surname) => `${given} ${surname}`,
    screen: (blockWords, wrongPin) => [
      ...blockWords,
      ...(wrongPin ? ['The PIN is not right.'] : []),
    ],
    unknownCard: 'This card is not known to the library.',
    cq: (sent, valid) => (sent ? (valid ? 'Y' : 'N') : undefined),
    wrongPinAsUnknown: false,
    feeWhenZero: false,
    itemList: 'barcode',
  },
  circulation: {
    magneticMedia: { lent: 'N', refused: 'N' },
    refusal: (words) => words,
    dueDateOnRefusal: true,
    desensitizeOnRefusal: 'N',
    validPatronOnRefusal: false,
  },
  checkin: {
    magneticMedia: 'N',
    refusal: (words) => words,
    unknownItemAlert: undefined,
    borrower: false,
    sortBin: true,
    holdPatron: false,
    alertTypeAlways: false,
  },
};

/** Koha's words for a refused check-out (C4/SIP/ILS.pm, checkout). */
const KOHA_REFUSALS: Partial<Record<RefusalReason, string>> = {
  'unknown-card': 'Invalid Patron',
  blocked: 'Patron Blocked',
  'unknown-item': 'Invalid Item',
  'lent-to-other': 'Item checked out to another patron',
};

/**
 * Koha's SIP server (C4/SIP/Sip.pm, C4/SIP/Sip/MsgType.pm, C4/SIP/ILS/Patron.pm): local time
 * with four spaces for the zone, due dates too; a field whose value is empty or 0 left out
 * (maybe_add), so no BV when nothing is owed; the fines amount as the database sums it; CQ always
 * (N when no password was sent); "Greetings from Koha." before the patron's notes, each block's
 * words after " -- "; its own refusal words, magnetic media U and BL on a refused check-out, an
 * unknown item's check-in with alert type 99; the borrower (AA), the hold
 * patron (CY) and their name (DA) on a check-in; answers end with the account's terminator, CR LF
 * unless configured otherwise.
 */
const koha: Sip2Dialect = {
  name: 'koha',
  date: (moment) => formatSipDate(moment, 'local'),
  dueDate: (moment) => formatSipDate(moment, 'local'),
  // A sum of decimals as Perl prints it: 12.5, 3, 0.25; never padded to two places.
  fee: (minorUnits) => String(minorUnits / 100),
  terminator: 'CRLF',
  resend: 'same',
  patron: {
    passwordRequired: false,
    invalid: { name: 'empty', status: 'privileges' },
    language: (requested) => requested,
    name: (given, surname) => `${given} ${surname}`,
    screen: (blockWords, wrongPin) => [
      ['Greetings from Koha. ', ...blockWords.map((words) => ` -- ${words}`)].join('') +
        (wrongPin ? ' -- Invalid password' : ''),
    ],
    unknownCard: 'Invalid cardnumber',
    cq: (sent, valid) => (sent && valid ? 'Y' : 'N'),
    wrongPinAsUnknown: false,
    feeWhenZero: false,
    itemList: 'barcode',
  },
  circulation: {
    // "120NUN" on a refusal; an item's own flag (N here) on a loan.
    magneticMedia: { lent: 'N', refused: 'U' },
    refusal: (words, reason) => KOHA_REFUSALS[reason] ?? words,
    dueDateOnRefusal: true,
    desensitizeOnRefusal: 'N',
    validPatronOnRefusal: true,
  },
  checkin: {
    magneticMedia: 'N',
    refusal: (words, reason) =>
      reason === 'unknown-item'
        ? 'Invalid Item'
        : reason === 'not-on-loan'
          ? 'Item not checked out'
          : words,
    unknownItemAlert: '99',
    borrower: true,
    sortBin: true,
    holdPatron: true,
    alertTypeAlways: false,
  },
};

/**
 * Evergreen's SIPServer as rewritten in OpenILS::Application::SIP2 (SIP2.pm, SIP2/Common.pm,
 * SIP2/Checkout.pm, SIP2/Patron.pm): local time with four spaces; a due date as
 * "YYYY-MM-DD HH:MM:SS" unless the account sets due_date_use_sip_date_format; the balance owed
 * with two decimals, sent even when 0.00, with its currency; language 000; the name as first,
 * second and family name with a space each (two spaces where there is no second name); a wrong
 * password answered as an unknown patron; CQ Y only when a password was sent (and so right);
 * charged and overdue item lists as titles (msg64_summary_datatype "barcode" sends barcodes);
 * its own refusal words; no AH on a refusal, and desensitize from the item, Y, even then; CV on
 * every check-in ("00" when nothing is to be said), with AA, CY and DA.
 */
const evergreen: Sip2Dialect = {
  name: 'evergreen',
  date: (moment) => formatSipDate(moment, 'local'),
  dueDate: isoLocal,
  fee: majorUnits,
  resend: 'same',
  patron: {
    passwordRequired: false,
    invalid: { name: 'empty', status: 'privileges' },
    language: () => '000',
    name: (given, surname) => `${given}  ${surname}`,
    screen: () => [],
    unknownCard: '',
    // A wrong password never gets here (answered as an unknown card): Y means sent, and so right.
    cq: (sent, valid) => (sent && valid ? 'Y' : 'N'),
    wrongPinAsUnknown: true,
    feeWhenZero: true,
    itemList: 'title',
  },
  circulation: {
    magneticMedia: { lent: 'N', refused: 'N' },
    // An unknown card or item gets the stub answer, without words; the rest, Evergreen's two.
    refusal: (_words, reason) =>
      reason === 'unknown-card' || reason === 'unknown-item'
        ? undefined
        : reason === 'lent-to-other' || reason === 'already-yours'
          ? 'This item is already checked out'
          : 'Patron is not allowed to checkout the selected item',
    dueDateOnRefusal: false,
    desensitizeOnRefusal: 'Y',
    validPatronOnRefusal: false,
  },
  checkin: {
    magneticMedia: 'N',
    refusal: (words, reason) => (reason === 'unknown-item' ? undefined : words),
    unknownItemAlert: undefined,
    borrower: true,
    sortBin: true,
    holdPatron: true,
    alertTypeAlways: true,
  },
};

/** The screen message of an invalid patron at FOLIO (PatronRepository's, in the listener's words). */
export const FOLIO_INVALID_PATRON =
  'This library card number cannot be found: please see a staff member.';
/** What a FOLIO check-out or renewal without the right patron password says. */
export const FOLIO_PASSWORD_REFUSED = 'Invalid patron password';

/**
 * FOLIO's edge-sip2 with `patronPasswordVerificationRequired` on, the setting FOLIO libraries turn
 * on for self-check (PasswordVerifier.doPatronPasswordVerification, PatronRepository,
 * CirculationRepository.performCheckoutCommand): a 63 or 23 without the right AD is an invalid
 * patron (BL N, CQ N, every status flag Y, the barcode as the personal name), an unknown card the
 * same without CQ; an 11 or 29 without it is refused, a 35 not ended. Dates in the tenant's local
 * time; a check-out's renewal N and magnetic media U; a check-in's alert and alert type, but no
 * sort bin, borrower or hold patron name.
 */
const folio: Sip2Dialect = {
  name: 'folio',
  date: (moment) => formatSipDate(moment, 'local'),
  dueDate: (moment) => formatSipDate(moment, 'local'),
  fee: majorUnits,
  resend: 'same',
  patron: {
    passwordRequired: true,
    invalid: { name: 'barcode', status: 'all' },
    language: (requested) => requested,
    name: (given, surname) => `${given} ${surname}`,
    screen: (blockWords) => blockWords,
    unknownCard: FOLIO_INVALID_PATRON,
    cq: (sent, valid) => (valid ? 'Y' : 'N'),
    wrongPinAsUnknown: true,
    feeWhenZero: false,
    itemList: 'barcode',
  },
  circulation: {
    magneticMedia: { lent: 'U', refused: 'U' },
    refusal: (words, reason) => (reason === 'wrong-pin' ? FOLIO_PASSWORD_REFUSED : words),
    dueDateOnRefusal: true,
    desensitizeOnRefusal: 'N',
    validPatronOnRefusal: false,
  },
  checkin: {
    magneticMedia: 'U',
    refusal: (words) => words,
    unknownItemAlert: undefined,
    borrower: false,
    sortBin: false,
    holdPatron: false,
    alertTypeAlways: false,
  },
};

/** SIPServer's sample service: `<service ... timeout="60"/>`, the idle limit of a RAW line. */
const SIPSERVER_IDLE_MS = 60_000;

/**
 * The original SIPServer (Sip.pm, Sip/MsgType.pm, SIPServer.pm; Evergreen used it, Koha's C4/SIP
 * descends from it): local time with four spaces; a 97 answered with the last answer rebuilt
 * under the 97's own sequence number, 0; a RAW line closed after its service timeout without a
 * message (60 s in the sample). Otherwise as the specification reads.
 */
const sipserver: Sip2Dialect = {
  ...standard,
  name: 'sipserver',
  date: (moment) => formatSipDate(moment, 'local'),
  dueDate: (moment) => formatSipDate(moment, 'local'),
  resend: 'sequence-zero',
  idleTimeoutMs: SIPSERVER_IDLE_MS,
};

const DIALECTS: Record<Sip2DialectName, Sip2Dialect> = {
  standard,
  koha,
  evergreen,
  folio,
  sipserver,
};

export function sip2DialectFor(name: Sip2DialectName | undefined): Sip2Dialect {
  return DIALECTS[name ?? 'standard'];
}
