import type { MessageCode } from './messages';

/**
 * Fields whose meaning is by position or by a two-digit code (3M SIP2 2.00, revision 2.12,
 * "Fields": patron status, summary, supported messages, circulation status; the alert type CV
 * is from 3M's extensions). Readers tolerate short fields: a missing position is "not said".
 */

/** The 14 positions of the patron status (24 and 64): Y means the condition holds. */
export const PATRON_STATUS_POSITIONS = [
  'charge-privileges-denied',
  'renewal-privileges-denied',
  'recall-privileges-denied',
  'hold-privileges-denied',
  'card-reported-lost',
  'too-many-items-charged',
  'too-many-items-overdue',
  'too-many-renewals',
  'too-many-claims-of-items-returned',
  'too-many-items-lost',
  'excessive-outstanding-fines',
  'excessive-outstanding-fees',
  'recall-overdue',
  'too-many-items-billed',
] as const;
export type PatronCondition = (typeof PATRON_STATUS_POSITIONS)[number];

/** The conditions marked Y (any case); a space, N or a missing position is not a condition. */
export function readPatronStatus(text: string): PatronCondition[] {
  return PATRON_STATUS_POSITIONS.filter((_, at) => text[at]?.toUpperCase() === 'Y');
}

/** The 16 positions of the supported messages field BX (98), each a request the ACS answers. */
export const SUPPORTED_MESSAGE_POSITIONS = [
  '23',
  '11',
  '09',
  '01',
  '99',
  '97',
  '93',
  '63',
  '35',
  '37',
  '17',
  '19',
  '25',
  '15',
  '29',
  '65',
] as const;
export type SupportableRequest = (typeof SUPPORTED_MESSAGE_POSITIONS)[number];

export type Support = 'yes' | 'no' | 'not-said';

/** Whether BX says the ACS supports a request: Y, N, or not said (BX absent or too short). */
export function supports(bx: string | undefined, request: SupportableRequest): Support {
  const flag = bx?.[SUPPORTED_MESSAGE_POSITIONS.indexOf(request)]?.toUpperCase();
  if (flag === 'Y') return 'yes';
  if (flag === 'N') return 'no';
  return 'not-said';
}

/** BX for the requests given, as a listener sends it. */
export function supportedMessagesField(requests: readonly SupportableRequest[]): string {
  return SUPPORTED_MESSAGE_POSITIONS.map((code) => (requests.includes(code) ? 'Y' : 'N')).join('');
}

/** The item list a patron information request (63) asks for: one Y among ten positions. */
export const SUMMARY_POSITIONS = [
  'hold-items',
  'overdue-items',
  'charged-items',
  'fine-items',
  'recall-items',
  'unavailable-holds',
] as const;
export type SummaryList = (typeof SUMMARY_POSITIONS)[number];

/** The 10-character summary asking for one list, or for none (ten spaces). */
export function summaryField(list: SummaryList | undefined): string {
  return SUMMARY_POSITIONS.map((name) => (name === list ? 'Y' : ' '))
    .join('')
    .padEnd(10, ' ');
}

/** The list a received summary asks for; none, or more than one Y, is undefined. */
export function readSummary(text: string): SummaryList | undefined {
  const asked = SUMMARY_POSITIONS.filter((_, at) => text[at]?.toUpperCase() === 'Y');
  return asked.length === 1 ? asked[0] : undefined;
}

/** The circulation status of an item information response (18), by its two digits. */
export const CIRCULATION_STATUS = {
  '01': 'other',
  '02': 'on-order',
  '03': 'available',
  '04': 'charged',
  '05': 'charged-not-to-be-recalled',
  '06': 'in-process',
  '07': 'recalled',
  '08': 'waiting-on-hold-shelf',
  '09': 'waiting-to-be-reshelved',
  '10': 'in-transit',
  '11': 'claimed-returned',
  '12': 'lost',
  '13': 'missing',
} as const;
export type CirculationStatus = (typeof CIRCULATION_STATUS)[keyof typeof CIRCULATION_STATUS];

export function readCirculationStatus(text: string | undefined): CirculationStatus | 'unknown' {
  const code = text?.trim().padStart(2, '0') ?? '';
  return Object.hasOwn(CIRCULATION_STATUS, code)
    ? CIRCULATION_STATUS[code as keyof typeof CIRCULATION_STATUS]
    : 'unknown';
}

/** The alert type CV of a checkin response (10): why the item must not go back on the shelf. */
export const ALERT_TYPE = {
  '00': 'unknown',
  '01': 'hold-here',
  '02': 'hold-elsewhere',
  '03': 'hold-interlibrary-loan',
  '04': 'transit',
  '99': 'other',
} as const;
export type AlertType = (typeof ALERT_TYPE)[keyof typeof ALERT_TYPE];

export function readAlertType(text: string | undefined): AlertType | 'absent' {
  const code = text?.trim() ?? '';
  if (code === '') return 'absent';
  return Object.hasOwn(ALERT_TYPE, code) ? ALERT_TYPE[code as keyof typeof ALERT_TYPE] : 'unknown';
}

/** The requests among the codec's messages that BX can speak of (for a client's checks). */
export function isSupportable(code: MessageCode): code is MessageCode & SupportableRequest {
  return (SUPPORTED_MESSAGE_POSITIONS as readonly string[]).includes(code);
}
