import { err, ok, type Result } from '../../../src-common/result';
import { readFlag, type WholeFee } from '../../../src-shared/sip2/readers';
import { readAlertType } from '../../../src-shared/sip2/positional-fields';
import type { LibraryError } from '../../library/library-error';
import type { CirculationResult, ItemRouting } from '../../library/records';
import { UNKNOWN, dateMs, type ServiceDate } from '../../library/values';
import type { Answer } from './sip2-connection';
import { dueDateOf, feeOf, linesOf, sameBarcode, textOf } from './sip2-values';

/**
 * Check-out (12), renew (30) and check-in (10) answers as the kiosk's circulation result, or as
 * the refusal the ACS gave (its screen message kept as the error's message).
 */

type Sent = { itemBarcode: string; memberBarcode?: string };

/** What the answer did: done, refused, or an "ok" the kiosk cannot read (then it may have been done). */
function verdict(
  answer: Answer<'12'> | Answer<'30'> | Answer<'10'>,
  operation: 'checkOut' | 'checkIn',
  sent: Sent,
): LibraryError | undefined {
  const { fields } = answer;
  const status = Number(answer.code);
  const done = readFlag(answer.fixed.ok);
  if (done === 'unknown') {
    return {
      kind: 'malformed-response',
      operation,
      status,
      issue: `ok: expected 1 or 0, got "${answer.fixed.ok}"`,
      outcome: 'unknown',
    };
  }
  if (done === 'no') {
    const message = linesOf(fields.AF)?.join(' ');
    return {
      kind: 'refused',
      operation,
      status,
      ...(message ? { message } : {}),
      outcome: 'not-applied',
    };
  }
  // A success naming another item or card is not this request's: what was done is not known.
  const field =
    textOf(fields.AB) !== undefined && !sameBarcode(fields.AB ?? '', sent.itemBarcode)
      ? 'itemBarcode'
      : answer.code !== '10' &&
          sent.memberBarcode !== undefined &&
          textOf(answer.fields.AA) !== undefined &&
          !sameBarcode(answer.fields.AA ?? '', sent.memberBarcode)
        ? 'memberBarcode'
        : undefined;
  return field ? { kind: 'mismatched-answer', operation, field, outcome: 'unknown' } : undefined;
}

function common(answer: Answer<'12'> | Answer<'30'> | Answer<'10'>, whole: WholeFee) {
  const { fields } = answer;
  const itemBarcode = textOf(fields.AB);
  const title = textOf(fields.AJ);
  // The check-in response has no fee in the specification; one an ACS sends anyway is read too.
  const outside = (id: string) => answer.ignored.find((field) => field.id === id)?.value;
  const money =
    answer.code === '10'
      ? { BV: outside('BV'), BH: outside('BH') }
      : { BV: answer.fields.BV, BH: answer.fields.BH };
  const currency = textOf(money.BH);
  const fee = feeOf(money.BV, money.BH, whole);
  const screenMessages = linesOf(fields.AF);
  const printLines = linesOf(fields.AG);
  return {
    extra: {},
    ...(itemBarcode ? { itemBarcode } : {}),
    ...(title ? { title } : {}),
    overdueDate: UNKNOWN,
    overdue: UNKNOWN,
    fine: fee ?? UNKNOWN,
    ...(currency ? { currency } : {}),
    ...(screenMessages ? { screenMessages } : {}),
    ...(printLines ? { printLines } : {}),
  } as const;
}

/** A check-out's answer (12), or a renewal's (30) when the item was already on this card. */
export function readCheckoutAnswer(
  answer: Answer<'12'> | Answer<'30'>,
  sent: Sent & { memberBarcode: string },
  whole: WholeFee,
): Result<CirculationResult, LibraryError> {
  const failed = verdict(answer, 'checkOut', sent);
  if (failed) return err(failed);
  const { fields } = answer;
  const memberBarcode = textOf(fields.AA);
  const transactionId = textOf(fields.BK);
  // 12's "renewal ok" is Y when the patron already had the item (spec, "Checkout Response").
  const renewal = answer.code === '30' ? 'yes' : readFlag(answer.fixed.renewalOk);
  return ok({
    ...common(answer, whole),
    ...(memberBarcode ? { memberBarcode } : {}),
    ...(transactionId ? { transactionId } : {}),
    dueDate: dueDateOf(fields.AH) ?? UNKNOWN,
    renewed: renewal === 'unknown' ? UNKNOWN : renewal === 'yes',
  });
}

/** CV's type as the kiosk's alert; without one, the alert flag with a destination is a transit. */
export function alertOf(
  type: ReturnType<typeof readAlertType>,
  flagged: boolean,
  hasDestination: boolean,
): ItemRouting['alert'] | undefined {
  switch (type) {
    case 'hold-here':
      return 'hold';
    case 'hold-elsewhere':
    case 'hold-interlibrary-loan':
      return 'hold-transit';
    case 'transit':
      return 'transit';
    case 'other':
      return 'other';
    case 'unknown':
    case 'absent':
      if (!flagged) return undefined;
      return hasDestination ? 'transit' : 'other';
  }
}

/**
 * Where a returned item goes (CV, with CL and CT): another patron's hold here or elsewhere, a
 * transit, or an alert the kiosk cannot name. Never the hold patron (CY, DA): another's data.
 */
export function routingOf(answer: Answer<'10'>): ItemRouting | undefined {
  const { fields } = answer;
  const type = readAlertType(fields.CV);
  const sortBin = textOf(fields.CL);
  const destination = textOf(fields.CT);
  const flagged = readFlag(answer.fixed.alert) === 'yes';
  const alert = alertOf(type, flagged, destination !== undefined);
  if (alert === undefined) return undefined;
  return {
    alert,
    ...(sortBin ? { sortBin } : {}),
    ...(destination ? { destination } : {}),
  };
}

/**
 * Whether a return was late, from the due date the item had before it (17's AH): the check-in
 * answer carries none. A date the kiosk cannot place in time, or none, says neither.
 */
export function lateness(
  due: ServiceDate | undefined,
  returnedAt: Date,
): Pick<CirculationResult, 'overdue' | 'overdueDate'> {
  const dueMs = due === undefined ? undefined : dateMs(due);
  if (due === undefined || dueMs === undefined) return { overdue: UNKNOWN, overdueDate: UNKNOWN };
  const late = dueMs < returnedAt.getTime();
  return { overdue: late, overdueDate: late ? due : null };
}

export function readCheckinAnswer(
  answer: Answer<'10'>,
  sent: Sent,
  whole: WholeFee,
): Result<CirculationResult, LibraryError> {
  const failed = verdict(answer, 'checkIn', sent);
  if (failed) return err(failed);
  const memberBarcode = textOf(answer.fields.AA);
  const routing = routingOf(answer);
  return ok({
    ...common(answer, whole),
    ...(memberBarcode ? { memberBarcode } : {}),
    // A returned item has no due date any more.
    dueDate: null,
    renewed: false,
    ...(routing ? { routing } : {}),
  });
}
