import { parseSipDate } from '../../../src-shared/sip2/date';
import { FIELD } from '../../../src-shared/sip2/fields';
import type { ReceivedMessage } from '../../../src-shared/sip2/parse';
import { readAlertType } from '../../../src-shared/sip2/positional-fields';
import { readDueDate, readFee, readFlag } from '../../../src-shared/sip2/readers';
import type { Sip2ProbeReport } from '../../../src-common/ipc/sip2-probe-report';
import type { Sip2ProbeOptions } from './probe';

/** How the probe reports each field of an answer: read (and as what), not read, missing. */

const NAMES = new Map<string, string>(Object.entries(FIELD).map(([name, id]) => [id, name]));

/** Flag fields by id: read as yes or no; anything else is sent but not understood. */
const FLAG_IDS = new Set(['BL', 'CQ']);

/** How one field of an answer was read, by its id: a word, never the value. */
function howRead(
  id: string,
  value: string,
  received: ReceivedMessage,
  options: Sip2ProbeOptions,
): string | undefined {
  if (FLAG_IDS.has(id)) {
    const flag = readFlag(value);
    return flag === 'unknown' ? undefined : flag;
  }
  if (id === FIELD.dueDate || id === FIELD.recallDate || id === FIELD.holdPickupDate) {
    const due = readDueDate(value);
    return due.kind === 'date' ? 'date' : due.kind === 'text' ? 'text' : 'empty';
  }
  if (id === FIELD.feeAmount) {
    const currency =
      'BH' in received.fields ? (received.fields.BH as string | undefined) : undefined;
    const fee = readFee(value, currency, options.feeWholeUnits);
    return fee.kind === 'unknown' ? undefined : 'amount';
  }
  if (id === FIELD.alertType) return readAlertType(value) === 'unknown' ? undefined : 'code';
  return 'text';
}

/** Adds every field of one answer to the report: read, not read, missing or unknown. */
export function describe(
  received: ReceivedMessage,
  options: Sip2ProbeOptions,
  report: Sip2ProbeReport,
): void {
  const message = received.code;
  const add = (
    id: string,
    name: string,
    status: Sip2ProbeReport['fields'][number]['status'],
    how?: string,
  ) => report.fields.push({ message, id, name, status, ...(how ? { how } : {}) });
  for (const [name, value] of Object.entries(received.fixed as Record<string, string>)) {
    if (name === 'transactionDate' || name === 'dateTimeSync') {
      add(
        '',
        name,
        parseSipDate(value) ? 'understood' : 'not-understood',
        parseSipDate(value) ? 'date' : undefined,
      );
    } else if (name.endsWith('Ok') || name === 'onlineStatus' || name === 'acsRenewalPolicy') {
      const flag = readFlag(value);
      add(
        '',
        name,
        flag === 'unknown' ? 'not-understood' : 'understood',
        flag === 'unknown' ? undefined : flag,
      );
    } else add('', name, 'understood', 'text');
  }
  for (const [id, value] of Object.entries(received.fields as Record<string, string | string[]>)) {
    const one = Array.isArray(value) ? (value[0] ?? '') : value;
    const how = howRead(id, one, received, options);
    add(id, NAMES.get(id) ?? id, how === undefined ? 'not-understood' : 'understood', how);
  }
  for (const id of received.missing as string[]) add(id, NAMES.get(id) ?? id, 'missing');
  for (const ignored of received.ignored) {
    add(
      ignored.id,
      NAMES.get(ignored.id) ?? ignored.id,
      ignored.reason === 'repeated' ? 'repeated' : 'unknown-field',
    );
  }
}
