import type { ReceivedMessage } from '../../../src-shared/sip2/parse';
import {
  SUPPORTED_MESSAGE_POSITIONS,
  readCirculationStatus,
  supports,
} from '../../../src-shared/sip2/positional-fields';
import { readFlag } from '../../../src-shared/sip2/readers';
import type {
  Sip2ProbeNote,
  Sip2ProbeReport,
  Sip2ProbeStep,
} from '../../../src-common/ipc/sip2-probe-report';
import type { Sip2ProbeOptions } from './probe';
import type { ProbeAsk, Unanswered } from './probe-ask';
import { describe } from './probe-fields';
import { patronOffers, takesNothing } from './probe-offers';

/** What a probe step writes to: the report, its steps and its hints, and the exchange it asks by. */
export interface ProbeRun {
  options: Sip2ProbeOptions;
  report: Sip2ProbeReport;
  step(name: Sip2ProbeStep, outcome: ProbeOutcome, note: Sip2ProbeNote): void;
  hint(found: Sip2ProbeReport['hints'][number]): void;
  ask: ProbeAsk;
}

export type ProbeOutcome = Sip2ProbeReport['steps'][number]['outcome'];

type Valid = 'yes' | 'no' | 'unknown';

/**
 * What the ACS status answer (98) says: online and what it allows, its institution, which
 * requests it answers (BX) and so which patrons it serves, and its fields; the BX it gave.
 */
export function acsStatusStep(
  status: ReceivedMessage | Unanswered,
  { options, report, step, hint }: ProbeRun,
): string | undefined {
  if ('unanswered' in status) {
    step('acs-status', 'failed', status.unanswered);
    return undefined;
  }
  if (status.code !== '98') return undefined;
  const { fixed, fields } = status;
  const bx = fields.BX;
  report.acs = {
    online: readFlag(fixed.onlineStatus),
    checkInOk: readFlag(fixed.checkinOk),
    checkOutOk: readFlag(fixed.checkoutOk),
    renewalOk: readFlag(fixed.acsRenewalPolicy),
    ...(fields.AO !== undefined ? { institutionId: fields.AO } : {}),
    ...(fields.AM !== undefined ? { libraryName: fields.AM } : {}),
    protocolVersion: fixed.protocolVersion.trim(),
    supported: Object.fromEntries(
      SUPPORTED_MESSAGE_POSITIONS.map((code) => [code, supports(bx, code)]),
    ),
  };
  step('acs-status', 'ok', {
    kind: 'status',
    online: report.acs.online,
    checkOut: report.acs.checkOutOk,
    checkIn: report.acs.checkInOk,
  });
  if (report.acs.online === 'no') hint({ hint: 'offline', settings: [] });
  report.patrons = patronOffers(report.acs);
  if (takesNothing(report.patrons)) hint({ hint: 'takes-nothing', settings: [] });
  if (fields.AO !== undefined && fields.AO.trim() !== options.institutionId.trim()) {
    hint({ hint: 'institution-id', settings: ['sip2.institutionId'], value: fields.AO.trim() });
  }
  describe(status, options, report);
  return bx;
}

/**
 * The test card read by 63 or 23: skipped without a card or where BX says no, and whether the
 * ACS knows it; a card 63 knew and 23 (with its empty PIN) refuses points at the PIN setting.
 * The validity the answer gave (undefined when not asked or not answered).
 */
export async function patronStep(
  code: '63' | '23',
  bx: string | undefined,
  date: string,
  { options, report, step, hint, ask }: ProbeRun,
  knownBy63: Valid | undefined,
): Promise<Valid | undefined> {
  const name: Sip2ProbeStep = code === '63' ? 'patron-information' : 'patron-status';
  if (!options.testCard) {
    step(name, 'skipped', { kind: 'no-test-card' });
    hint({ hint: 'no-test-card', settings: ['sip2.testCard'] });
    return undefined;
  }
  if (supports(bx, code) === 'no') {
    step(name, 'skipped', { kind: 'not-answered', code });
    return undefined;
  }
  const base = { AO: options.institutionId, AA: options.testCard, AC: options.terminalPassword };
  const answer =
    code === '63'
      ? await ask(
          {
            code,
            fixed: { language: '000', transactionDate: date, summary: ' '.repeat(10) },
            fields: base,
          },
          '64',
        )
      : await ask(
          {
            code,
            fixed: { language: '000', transactionDate: date },
            fields: { ...base, AD: '' },
          },
          '24',
        );
  if ('unanswered' in answer) {
    step(name, 'failed', answer.unanswered);
    return undefined;
  }
  describe(answer, options, report);
  const valid = 'BL' in answer.fields ? readFlag(answer.fields.BL) : 'unknown';
  // 23 carries the patron's password (AD), sent empty: a server that checks PINs (Evergreen
  // takes a wrong one as an unknown patron) refuses a card that 63, without AD, knows.
  if (valid === 'no' && code === '23' && knownBy63 === 'yes') {
    hint({ hint: 'empty-pin-refused', settings: ['sip2.patronPin'] });
  } else if (valid === 'no') {
    hint({ hint: 'test-card-unknown', settings: ['sip2.testCard', 'sip2.institutionId'] });
  }
  step(name, 'ok', { kind: 'patron-answered', code: answer.code, valid });
  return valid;
}

/** The test item read by 17: skipped without an item or where BX says no; whether it is known. */
export async function itemStep(
  bx: string | undefined,
  date: string,
  { options, report, step, hint, ask }: ProbeRun,
): Promise<void> {
  if (!options.testItem) {
    step('item-information', 'skipped', { kind: 'no-test-item' });
    hint({ hint: 'no-test-item', settings: ['sip2.testItem'] });
    return;
  }
  if (supports(bx, '17') === 'no') {
    step('item-information', 'skipped', { kind: 'not-answered', code: '17' });
    return;
  }
  const answer = await ask(
    {
      code: '17',
      fixed: { transactionDate: date },
      fields: { AO: options.institutionId, AB: options.testItem, AC: options.terminalPassword },
    },
    '18',
  );
  if ('unanswered' in answer) {
    step('item-information', 'failed', answer.unanswered);
    return;
  }
  describe(answer, options, report);
  const circulation =
    answer.code === '18' ? readCirculationStatus(answer.fixed.circulationStatus) : 'unknown';
  // 01 "other" with no title is how systems answer an item they do not know.
  if (answer.code === '18' && answer.fixed.circulationStatus === '01' && !answer.fields.AJ) {
    hint({ hint: 'test-item-unknown', settings: ['sip2.testItem'] });
  }
  step('item-information', 'ok', { kind: 'item-answered', circulation });
}
