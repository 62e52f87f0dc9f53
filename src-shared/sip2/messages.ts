import type { FieldId, RepeatableId } from './fields';

/**
 * The checkout response's fixed and variable fields, which the renew response (30) has too in the
 * specification: one layout, so the two cannot drift apart.
 */
const CIRCULATION_RESPONSE = {
  fixed: [
    ['ok', 1],
    ['renewalOk', 1],
    ['magneticMedia', 1],
    ['desensitize', 1],
    ['transactionDate', 18],
  ],
  fields: ['AO', 'AA', 'AB', 'AJ', 'AH', 'BT', 'CI', 'BH', 'BV', 'CK', 'CH', 'BK', 'AF', 'AG'],
  required: ['AO', 'AA', 'AB', 'AJ', 'AH'],
} as const;

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
    fields: ['CN', 'CO', 'CP'],
    required: ['CN', 'CO'],
  },
  '94': { name: 'login response', fixed: [['ok', 1]], fields: [], required: [] },
  '99': {
    name: 'SC status',
    fixed: [
      ['statusCode', 1],
      ['maxPrintWidth', 3],
      ['protocolVersion', 4],
    ],
    fields: [],
    required: [],
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
    fields: ['AO', 'AM', 'BX', 'AN', 'AF', 'AG'],
    required: ['AO', 'BX'],
  },
  '63': {
    name: 'patron information',
    fixed: [
      ['language', 3],
      ['transactionDate', 18],
      ['summary', 10],
    ],
    fields: ['AO', 'AA', 'AC', 'AD', 'BP', 'BQ'],
    required: ['AO', 'AA'],
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
    fields: [
      'AO',
      'AA',
      'AE',
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
    required: ['AO', 'AA', 'AE'],
  },
  '23': {
    name: 'patron status',
    fixed: [
      ['language', 3],
      ['transactionDate', 18],
    ],
    fields: ['AO', 'AA', 'AC', 'AD'],
    required: ['AO', 'AA', 'AC', 'AD'],
  },
  '24': {
    name: 'patron status response',
    fixed: [
      ['patronStatus', 14],
      ['language', 3],
      ['transactionDate', 18],
    ],
    fields: ['AO', 'AA', 'AE', 'BL', 'CQ', 'BH', 'BV', 'AF', 'AG'],
    required: ['AO', 'AA', 'AE'],
  },
  '11': {
    name: 'checkout',
    fixed: [
      ['scRenewalPolicy', 1],
      ['noBlock', 1],
      ['transactionDate', 18],
      ['nbDueDate', 18],
    ],
    fields: ['AO', 'AA', 'AB', 'AC', 'CH', 'AD', 'BO', 'BI'],
    required: ['AO', 'AA', 'AB', 'AC'],
  },
  '12': { name: 'checkout response', ...CIRCULATION_RESPONSE },
  '09': {
    name: 'checkin',
    fixed: [
      ['noBlock', 1],
      ['transactionDate', 18],
      ['returnDate', 18],
    ],
    fields: ['AP', 'AO', 'AB', 'AC', 'CH', 'BI'],
    required: ['AP', 'AO', 'AB', 'AC'],
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
    // CV, CT, CY and DA are 3M's extensions (see fields.ts), sent by the systems we target.
    fields: ['AO', 'AB', 'AQ', 'AJ', 'CL', 'AA', 'CK', 'CH', 'CV', 'CT', 'CY', 'DA', 'AF', 'AG'],
    required: ['AO', 'AB', 'AQ'],
  },
  '29': {
    name: 'renew',
    fixed: [
      ['thirdPartyAllowed', 1],
      ['noBlock', 1],
      ['transactionDate', 18],
      ['nbDueDate', 18],
    ],
    fields: ['AO', 'AA', 'AD', 'AB', 'AJ', 'AC', 'CH', 'BO'],
    required: ['AO', 'AA'],
  },
  '30': { name: 'renew response', ...CIRCULATION_RESPONSE },
  '17': {
    name: 'item information',
    fixed: [['transactionDate', 18]],
    fields: ['AO', 'AB', 'AC'],
    required: ['AO', 'AB'],
  },
  '18': {
    name: 'item information response',
    fixed: [
      ['circulationStatus', 2],
      ['securityMarker', 2],
      ['feeType', 2],
      ['transactionDate', 18],
    ],
    fields: [
      'CF',
      'AH',
      'CJ',
      'CM',
      'AB',
      'AJ',
      'BG',
      'BH',
      'BV',
      'CK',
      'AQ',
      'AP',
      'CH',
      'AF',
      'AG',
    ],
    required: ['AB', 'AJ'],
  },
  '35': {
    name: 'end patron session',
    fixed: [['transactionDate', 18]],
    fields: ['AO', 'AA', 'AC', 'AD'],
    required: ['AO', 'AA'],
  },
  '36': {
    name: 'end session response',
    fixed: [
      ['endSession', 1],
      ['transactionDate', 18],
    ],
    fields: ['AO', 'AA', 'AF', 'AG'],
    required: ['AO', 'AA'],
  },
  '97': { name: 'request ACS resend', fixed: [], fields: [], required: [] },
  '96': { name: 'request SC resend', fixed: [], fields: [], required: [] },
} as const satisfies Record<
  string,
  {
    name: string;
    fixed: readonly (readonly [string, number])[];
    /** Every variable field, in the order the specification lists them (a builder sends them so). */
    fields: readonly FieldId[];
    required: readonly FieldId[];
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

export type LayoutId<C extends MessageCode> = Layout<C>['fields'][number];
type RequiredId<C extends MessageCode> = Layout<C>['required'][number];
type OptionalId<C extends MessageCode> = Exclude<LayoutId<C>, RequiredId<C>>;
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
  return MESSAGES[code].fields;
}
