import type { FieldId, RepeatableId } from './fields';

/**
 * The layout of every message the kiosk and the reference listener exchange: its fixed-length
 * fields in order (name and length) and its variable fields in the order the specification lists
 * them, the required ones apart (3M SIP2 2.00, revision 2.12, "Messages": one subsection each).
 * Types for building and reading a message derive from this one table.
 */
export const MESSAGES = {
  '93': {
    name: 'login',
    fixed: [
      ['uidAlgorithm', 1],
      ['pwdAlgorithm', 1],
    ],
    required: ['CN', 'CO'],
    optional: ['CP'],
  },
  '94': { name: 'login response', fixed: [['ok', 1]], required: [], optional: [] },
  '99': {
    name: 'SC status',
    fixed: [
      ['statusCode', 1],
      ['maxPrintWidth', 3],
      ['protocolVersion', 4],
    ],
    required: [],
    optional: [],
  },
  '98': {
    name: 'ACS status',
    fixed: [
      ['onlineStatus', 1],
      ['checkinOk', 1],
      ['checkoutOk', 1],
      ['acsRenewalPolicy', 1],
      ['statusUpdateOk', 1],
      ['offlineOk', 1],
      ['timeoutPeriod', 3],
      ['retriesAllowed', 3],
      ['dateTimeSync', 18],
      ['protocolVersion', 4],
    ],
    required: ['AO', 'BX'],
    optional: ['AM', 'AN', 'AF', 'AG'],
  },
  '63': {
    name: 'patron information',
    fixed: [
      ['language', 3],
      ['transactionDate', 18],
      ['summary', 10],
    ],
    required: ['AO', 'AA'],
    optional: ['AC', 'AD', 'BP', 'BQ'],
  },
  '64': {
    name: 'patron information response',
    fixed: [
      ['patronStatus', 14],
      ['language', 3],
      ['transactionDate', 18],
      ['holdItemsCount', 4],
      ['overdueItemsCount', 4],
      ['chargedItemsCount', 4],
      ['fineItemsCount', 4],
      ['recallItemsCount', 4],
      ['unavailableHoldsCount', 4],
    ],
    required: ['AO', 'AA', 'AE'],
    optional: [
      'BZ',
      'CA',
      'CB',
      'BL',
      'CQ',
      'BH',
      'BV',
      'CC',
      'AS',
      'AT',
      'AU',
      'AV',
      'BU',
      'CD',
      'BD',
      'BE',
      'BF',
      'AF',
      'AG',
    ],
  },
  '23': {
    name: 'patron status',
    fixed: [
      ['language', 3],
      ['transactionDate', 18],
    ],
    required: ['AO', 'AA', 'AC', 'AD'],
    optional: [],
  },
  '24': {
    name: 'patron status response',
    fixed: [
      ['patronStatus', 14],
      ['language', 3],
      ['transactionDate', 18],
    ],
    required: ['AO', 'AA', 'AE'],
    optional: ['BL', 'CQ', 'BH', 'BV', 'AF', 'AG'],
  },
  '11': {
    name: 'checkout',
    fixed: [
      ['scRenewalPolicy', 1],
      ['noBlock', 1],
      ['transactionDate', 18],
      ['nbDueDate', 18],
    ],
    required: ['AO', 'AA', 'AB', 'AC'],
    optional: ['CH', 'AD', 'BO', 'BI'],
  },
  '12': {
    name: 'checkout response',
    fixed: [
      ['ok', 1],
      ['renewalOk', 1],
      ['magneticMedia', 1],
      ['desensitize', 1],
      ['transactionDate', 18],
    ],
    required: ['AO', 'AA', 'AB', 'AJ', 'AH'],
    optional: ['BT', 'CI', 'BH', 'BV', 'CK', 'CH', 'BK', 'AF', 'AG'],
  },
  '09': {
    name: 'checkin',
    fixed: [
      ['noBlock', 1],
      ['transactionDate', 18],
      ['returnDate', 18],
    ],
    required: ['AP', 'AO', 'AB', 'AC'],
    optional: ['CH', 'BI'],
  },
  '10': {
    name: 'checkin response',
    fixed: [
      ['ok', 1],
      ['resensitize', 1],
      ['magneticMedia', 1],
      ['alert', 1],
      ['transactionDate', 18],
    ],
    required: ['AO', 'AB', 'AQ'],
    // CV, CT, CY and DA are 3M's extensions (see fields.ts), sent by the systems we target.
    optional: ['AJ', 'CL', 'AA', 'CK', 'CH', 'CV', 'CT', 'CY', 'DA', 'AF', 'AG'],
  },
  '29': {
    name: 'renew',
    fixed: [
      ['thirdPartyAllowed', 1],
      ['noBlock', 1],
      ['transactionDate', 18],
      ['nbDueDate', 18],
    ],
    required: ['AO', 'AA'],
    optional: ['AD', 'AB', 'AJ', 'AC', 'CH', 'BO'],
  },
  '30': {
    name: 'renew response',
    fixed: [
      ['ok', 1],
      ['renewalOk', 1],
      ['magneticMedia', 1],
      ['desensitize', 1],
      ['transactionDate', 18],
    ],
    required: ['AO', 'AA', 'AB', 'AJ', 'AH'],
    optional: ['BT', 'CI', 'BH', 'BV', 'CK', 'CH', 'BK', 'AF', 'AG'],
  },
  '17': {
    name: 'item information',
    fixed: [['transactionDate', 18]],
    required: ['AO', 'AB'],
    optional: ['AC'],
  },
  '18': {
    name: 'item information response',
    fixed: [
      ['circulationStatus', 2],
      ['securityMarker', 2],
      ['feeType', 2],
      ['transactionDate', 18],
    ],
    required: ['AB', 'AJ'],
    optional: ['CF', 'AH', 'CJ', 'CM', 'BG', 'BH', 'BV', 'CK', 'AQ', 'AP', 'CH', 'AF', 'AG'],
  },
  '35': {
    name: 'end patron session',
    fixed: [['transactionDate', 18]],
    required: ['AO', 'AA'],
    optional: ['AC', 'AD'],
  },
  '36': {
    name: 'end session response',
    fixed: [
      ['endSession', 1],
      ['transactionDate', 18],
    ],
    required: ['AO', 'AA'],
    optional: ['AF', 'AG'],
  },
  '97': { name: 'request ACS resend', fixed: [], required: [], optional: [] },
  '96': { name: 'request SC resend', fixed: [], required: [], optional: [] },
} as const satisfies Record<
  string,
  {
    name: string;
    fixed: readonly (readonly [string, number])[];
    required: readonly FieldId[];
    optional: readonly FieldId[];
  }
>;

export type MessageCode = keyof typeof MESSAGES;
type Layout<C extends MessageCode> = (typeof MESSAGES)[C];

export const MESSAGE_CODES = Object.keys(MESSAGES) as MessageCode[];

export function isMessageCode(code: string): code is MessageCode {
  return Object.hasOwn(MESSAGES, code);
}

/** 97 and 96 never carry a sequence number, even with error detection on (spec, "Request ACS Resend"). */
export const RESEND_CODES: readonly MessageCode[] = ['97', '96'];

export type FixedName<C extends MessageCode> = Layout<C>['fixed'][number][0];
export type FixedOf<C extends MessageCode> = { [K in FixedName<C>]: string };

type RequiredId<C extends MessageCode> = Layout<C>['required'][number];
type OptionalId<C extends MessageCode> = Layout<C>['optional'][number];
export type LayoutId<C extends MessageCode> = RequiredId<C> | OptionalId<C>;
type Value<I> = I extends RepeatableId ? string[] : string;

/** What a builder must give: every required field, any optional one. */
export type FieldsToSend<C extends MessageCode> = { [I in RequiredId<C>]: Value<I> } & {
  [I in OptionalId<C>]?: Value<I>;
};

/** What a reader gets: any field may be missing, since real systems omit required ones. */
export type FieldsReceived<C extends MessageCode> = { [I in LayoutId<C>]?: Value<I> };

export type OutgoingMessage<C extends MessageCode = MessageCode> = {
  [K in C]: {
    code: K;
    fixed: FixedOf<K>;
    fields: FieldsToSend<K>;
    /** Fields outside the layout, sent after it in this order (a dialect's own, or a test's). */
    extra?: readonly (readonly [string, string])[];
  };
}[C];

export function fixedLength(code: MessageCode): number {
  return MESSAGES[code].fixed.reduce((sum, [, length]) => sum + length, 0);
}

export function layoutIds(code: MessageCode): readonly FieldId[] {
  return [...MESSAGES[code].required, ...MESSAGES[code].optional];
}
