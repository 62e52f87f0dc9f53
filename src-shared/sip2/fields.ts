/**
 * SIP2 variable-field identifiers by name (3M SIP2 2.00, revision 2.12, "Fields" and each
 * message's field list). CT, CV, CY and DA come from 3M's later SIP2 extensions, which Koha,
 * Evergreen and FOLIO send in the check-in response; the 2.00 text does not have them.
 */
export const FIELD = {
  patronIdentifier: 'AA',
  itemIdentifier: 'AB',
  terminalPassword: 'AC',
  patronPassword: 'AD',
  personalName: 'AE',
  screenMessage: 'AF',
  printLine: 'AG',
  dueDate: 'AH',
  titleIdentifier: 'AJ',
  libraryName: 'AM',
  terminalLocation: 'AN',
  institutionId: 'AO',
  currentLocation: 'AP',
  permanentLocation: 'AQ',
  holdItems: 'AS',
  overdueItems: 'AT',
  chargedItems: 'AU',
  fineItems: 'AV',
  sequenceNumber: 'AY',
  checksum: 'AZ',
  homeAddress: 'BD',
  emailAddress: 'BE',
  homePhoneNumber: 'BF',
  owner: 'BG',
  currencyType: 'BH',
  cancel: 'BI',
  transactionId: 'BK',
  validPatron: 'BL',
  feeAcknowledged: 'BO',
  startItem: 'BP',
  endItem: 'BQ',
  feeType: 'BT',
  recallItems: 'BU',
  feeAmount: 'BV',
  supportedMessages: 'BX',
  holdItemsLimit: 'BZ',
  overdueItemsLimit: 'CA',
  chargedItemsLimit: 'CB',
  feeLimit: 'CC',
  unavailableHoldItems: 'CD',
  holdQueueLength: 'CF',
  itemProperties: 'CH',
  securityInhibit: 'CI',
  recallDate: 'CJ',
  mediaType: 'CK',
  sortBin: 'CL',
  holdPickupDate: 'CM',
  loginUserId: 'CN',
  loginPassword: 'CO',
  locationCode: 'CP',
  validPatronPassword: 'CQ',
  destinationLocation: 'CT',
  alertType: 'CV',
  holdPatronId: 'CY',
  holdPatronName: 'DA',
} as const;

export type FieldName = keyof typeof FIELD;
export type FieldId = (typeof FIELD)[FieldName];

/** Ids a message may carry more than once: the item lists of 64, and screen messages and print lines. */
export const REPEATABLE_FIELDS = ['AS', 'AT', 'AU', 'AV', 'BU', 'CD', 'AF', 'AG'] as const;
export type RepeatableId = (typeof REPEATABLE_FIELDS)[number];

export function isRepeatable(id: string): id is RepeatableId {
  return (REPEATABLE_FIELDS as readonly string[]).includes(id);
}

/** The framing fields: AY and AZ close a frame and are handled by the framing, not the layouts. */
export const SEQUENCE_ID = FIELD.sequenceNumber;
export const CHECKSUM_ID = FIELD.checksum;
