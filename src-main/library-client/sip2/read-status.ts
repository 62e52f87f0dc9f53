import { readFlag } from '../../../src-shared/sip2/readers';
import {
  SUPPORTED_MESSAGE_POSITIONS,
  readCirculationStatus,
  supports,
  type Support,
  type SupportableRequest,
} from '../../../src-shared/sip2/positional-fields';
import type { RefusalCode } from '../../../src-common/ipc/patron';
import type { Answer } from './sip2-connection';
import type { AcsStatus, ItemInformation } from './sip2-types';
import { dueDateOf, linesOf, textOf } from './sip2-values';

/** The ACS status (98) and item information (18) answers, and what an item's status explains. */

export function supportedOf(bx: string | undefined): Record<SupportableRequest, Support> {
  return Object.fromEntries(
    SUPPORTED_MESSAGE_POSITIONS.map((request) => [request, supports(bx, request)]),
  ) as Record<SupportableRequest, Support>;
}

export function readAcsStatus(answer: Answer<'98'>): AcsStatus {
  const { fixed, fields } = answer;
  const screenMessages = linesOf(fields.AF);
  const institutionId = textOf(fields.AO);
  const libraryName = textOf(fields.AM);
  const protocolVersion = textOf(fixed.protocolVersion);
  return {
    online: readFlag(fixed.onlineStatus) === 'yes',
    checkOutOk: readFlag(fixed.checkoutOk) === 'yes',
    checkInOk: readFlag(fixed.checkinOk) === 'yes',
    renewalOk: readFlag(fixed.acsRenewalPolicy) === 'yes',
    supported: supportedOf(fields.BX),
    ...(screenMessages ? { screenMessages } : {}),
    ...(institutionId ? { institutionId } : {}),
    ...(libraryName ? { libraryName } : {}),
    ...(protocolVersion ? { protocolVersion } : {}),
  };
}

export function readItemInformation(answer: Answer<'18'>): ItemInformation {
  const { fixed, fields } = answer;
  const itemBarcode = textOf(fields.AB);
  const title = textOf(fields.AJ);
  const dueDate = dueDateOf(fields.AH);
  const permanentLocation = textOf(fields.AQ);
  const currentLocation = textOf(fields.AP);
  const screenMessages = linesOf(fields.AF);
  return {
    ...(itemBarcode ? { itemBarcode } : {}),
    ...(title ? { title } : {}),
    circulationStatus: readCirculationStatus(fixed.circulationStatus),
    ...(dueDate ? { dueDate } : {}),
    ...(permanentLocation ? { permanentLocation } : {}),
    ...(currentLocation ? { currentLocation } : {}),
    ...(screenMessages ? { screenMessages } : {}),
  };
}

/**
 * Why a check-out or check-in of this item was refused, where its status makes it plain: an item
 * the ACS has no title and no status for is unknown to it; one charged, and not on this patron's
 * card, is on loan to another; one on the shelf was not on loan. Else nothing.
 */
export function refusalOfItem(
  item: ItemInformation,
  operation: 'checkOut' | 'checkIn',
  /** For a check-out: whether the patron's last look-up showed the item on their card. */
  onThisCard: boolean | 'unknown' = false,
): RefusalCode | undefined {
  const status = item.circulationStatus;
  if (item.title === undefined && (status === 'unknown' || status === 'other')) {
    return 'item_not_found';
  }
  const charged = status === 'charged' || status === 'charged-not-to-be-recalled';
  if (operation === 'checkOut' && charged && onThisCard === false) {
    return 'item_on_loan_to_other';
  }
  if (operation === 'checkIn' && status === 'available') return 'item_not_on_loan';
  return undefined;
}
