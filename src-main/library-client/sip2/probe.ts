import { buildFrame, type Terminator } from '../../../src-shared/sip2/build';
import { formatSipDate } from '../../../src-shared/sip2/date';
import type { MessageCode, OutgoingMessage } from '../../../src-shared/sip2/messages';
import { parseFrame, type ReceivedMessage } from '../../../src-shared/sip2/parse';
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
import type { Sip2ClientOptions } from './sip2-types';
import { connectHint, open } from './probe-line';
import { watchIdle, type IdleWatch } from './probe-idle';
import { patronOffers, takesNothing } from './probe-offers';
import { decodesCleanly } from '../../../src-shared/sip2/encoding';
import { describe } from './probe-fields';
import { sip2NoteEnglish } from './probe-notes';

export type { Sip2ProbeReport } from '../../../src-common/ipc/sip2-probe-report';

type Outcome = Sip2ProbeReport['steps'][number]['outcome'];
/** A request that brought no usable answer, and why. */
interface Unanswered {
  unanswered: Sip2ProbeNote;
}

/**
 * The `sip2.*` settings and secrets the probe connects with: the client's, less its retries and
 * log (the probe tries each step once and reports rather than logs), plus the test card and item.
 */
export type Sip2ProbeOptions = Omit<Sip2ClientOptions, 'retries' | 'log'> & {
  testCard?: string;
  testItem?: string;
  /**
   * The kiosk's heartbeat (`sip2.heartbeatSeconds`): a line of the probe's own is left quiet
   * that long, to see whether the ACS drops it sooner. Absent, not watched.
   */
  idleCheckSeconds?: number;
};

/**
 * Connects, logs in, reads the ACS status and tries the read-only requests (63, 23 with the test
 * card, 17 with the test item), and says per field what was read and which settings would fix
 * what was not. Nothing is changed at the ACS: no check-out, check-in or renewal is sent.
 */
export async function runSip2Probe(options: Sip2ProbeOptions): Promise<Sip2ProbeReport> {
  const report: Sip2ProbeReport = { steps: [], fields: [], hints: [] };
  const step = (name: Sip2ProbeStep, outcome: Outcome, note: Sip2ProbeNote) =>
    report.steps.push({ step: name, outcome, detail: sip2NoteEnglish(note), note });
  const hint = (found: Sip2ProbeReport['hints'][number]) => {
    if (!report.hints.some((known) => known.hint === found.hint)) report.hints.push(found);
  };
  const now = options.now ?? (() => new Date());
  let sequence = 0;

  const opened = await open(options);
  if (!opened.ok) {
    step('connect', 'failed', {
      kind: 'not-connected',
      host: options.host,
      port: options.port,
      code: opened.code,
    });
    hint(connectHint(opened.code, options));
    return report;
  }
  step('connect', 'ok', {
    kind: 'connected',
    host: options.host,
    port: options.port,
    tls: options.tls !== undefined,
  });
  let line = opened.line;

  /** Sends one request and reads its answer, noting how the ACS frames and encodes it. */
  const ask = async (
    message: OutgoingMessage,
    expect: MessageCode,
    terminator: Terminator = options.terminator,
  ): Promise<ReceivedMessage | Unanswered> => {
    const frame = buildFrame(message, {
      encoding: options.encoding,
      terminator,
      checksum: options.checksums,
      ...(options.checksums ? { sequence: sequence++ % 10 } : {}),
    });
    if (!frame.ok) {
      if (frame.error.kind === 'unencodable')
        hint({ hint: 'encoding', settings: ['sip2.encoding'] });
      return { unanswered: { kind: 'not-built', issue: frame.error.kind } };
    }
    const answer = await line.exchange(frame.value, options.requestTimeoutMs);
    if (answer.kind === 'timeout') return { unanswered: { kind: 'no-answer' } };
    if (answer.kind === 'closed') return { unanswered: { kind: 'closed' } };
    if (answer.kind === 'error') {
      return { unanswered: { kind: 'connection-failed', code: answer.code } };
    }
    const parsed = parseFrame(answer.bytes, { encoding: options.encoding, requireChecksum: false });
    if (!parsed.ok) {
      if (parsed.error.kind === 'bad-checksum') {
        report.framing ??= { terminator: terminatorOf(answer.bytes), checksum: 'bad' };
        hint({ hint: 'bad-checksum', settings: ['sip2.encoding', 'sip2.checksums'] });
      }
      return { unanswered: { kind: 'unreadable', issue: parsed.error.kind } };
    }
    const received = parsed.value;
    report.framing ??= { terminator: received.terminator, checksum: received.checksum };
    if (
      received.terminator !== 'none' &&
      received.terminator !== 'LF' &&
      received.terminator !== options.terminator
    ) {
      hint({ hint: 'terminator', settings: ['sip2.terminator'], value: received.terminator });
    }
    if (options.checksums && received.checksum === 'absent') {
      hint({ hint: 'checksums-off', settings: ['sip2.checksums'], value: 'false' });
    }
    if (!options.checksums && received.checksum === 'verified') {
      hint({ hint: 'checksums-on', settings: ['sip2.checksums'], value: 'true' });
    }
    if (received.code === '96') {
      hint({
        hint: options.checksums ? 'bad-checksum' : 'checksums-on',
        settings: ['sip2.checksums', 'sip2.encoding'],
      });
      return { unanswered: { kind: 'asked-again' } };
    }
    // Only bytes the encoding could not read: a U+FFFD the data holds is no encoding problem.
    if (!decodesCleanly(answer.bytes, options.encoding)) {
      hint({ hint: 'encoding', settings: ['sip2.encoding'] });
    }
    if (received.code !== expect) {
      return { unanswered: { kind: 'other-answer', code: received.code, expected: expect } };
    }
    return received;
  };

  // Login (93/94), unless the ACS wants none. No answer: try the other terminator once, as an
  // ACS that splits on CR LF waits for ever on a lone CR.
  if (options.loginUser) {
    const login: OutgoingMessage<'93'> = {
      code: '93',
      fixed: { uidAlgorithm: '0', pwdAlgorithm: '0' },
      fields: { CN: options.loginUser, CO: options.loginPassword, CP: options.locationCode },
    };
    let answer = await ask(login, '94');
    if ('unanswered' in answer && report.framing === undefined) {
      const other: Terminator = options.terminator === 'CR' ? 'CRLF' : 'CR';
      line.close();
      const again = await open(options);
      if (again.ok) {
        line = again.line;
        const retried = await ask(login, '94', other);
        if (!('unanswered' in retried)) {
          hint({ hint: 'terminator', settings: ['sip2.terminator'], value: other });
          answer = retried;
        }
      }
      if ('unanswered' in answer) {
        hint(
          options.tls
            ? { hint: 'no-answer', settings: ['sip2.terminator', 'sip2.checksums', 'sip2.port'] }
            : { hint: 'tls-needed', settings: ['sip2.tls', 'sip2.terminator', 'sip2.port'] },
        );
      }
    }
    if ('unanswered' in answer) {
      step('login', 'failed', answer.unanswered);
      line.close();
      return report;
    }
    if (answer.code === '94' && answer.fixed.ok !== '1') {
      step('login', 'failed', { kind: 'login-refused' });
      hint({
        hint: 'login-refused',
        settings: ['sip2.loginUser', 'sip2.loginPassword', 'sip2.locationCode'],
      });
      line.close();
      return report;
    }
    step('login', 'ok', { kind: 'logged-in', user: options.loginUser });
  } else step('login', 'skipped', { kind: 'no-login-user' });
  // Watched while the other steps run: the probe takes the heartbeat's time, not more.
  const idle =
    options.idleCheckSeconds === undefined
      ? undefined
      : watchIdle(options, options.idleCheckSeconds);

  // ACS status (99/98).
  const status = await ask(
    {
      code: '99',
      fixed: { statusCode: '0', maxPrintWidth: '040', protocolVersion: '2.00' },
      fields: {},
    },
    '98',
  );
  let bx: string | undefined;
  if ('unanswered' in status) {
    step('acs-status', 'failed', status.unanswered);
  } else if (status.code === '98') {
    const { fixed, fields } = status;
    bx = fields.BX;
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
  }

  const date = formatSipDate(now(), 'local');
  let knownBy63: 'yes' | 'no' | 'unknown' | undefined;
  const tryPatron = async (code: '63' | '23'): Promise<void> => {
    const name: Sip2ProbeStep = code === '63' ? 'patron-information' : 'patron-status';
    if (!options.testCard) {
      step(name, 'skipped', { kind: 'no-test-card' });
      hint({ hint: 'no-test-card', settings: ['sip2.testCard'] });
      return;
    }
    if (supports(bx, code) === 'no') {
      step(name, 'skipped', { kind: 'not-answered', code });
      return;
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
      return;
    }
    describe(answer, options, report);
    const valid = 'BL' in answer.fields ? readFlag(answer.fields.BL) : 'unknown';
    if (code === '63') knownBy63 = valid;
    // 23 carries the patron's password (AD), sent empty: a server that checks PINs (Evergreen
    // takes a wrong one as an unknown patron) refuses a card that 63, without AD, knows.
    if (valid === 'no' && code === '23' && knownBy63 === 'yes') {
      hint({ hint: 'empty-pin-refused', settings: ['sip2.patronPin'] });
    } else if (valid === 'no') {
      hint({ hint: 'test-card-unknown', settings: ['sip2.testCard', 'sip2.institutionId'] });
    }
    step(name, 'ok', { kind: 'patron-answered', code: answer.code, valid });
  };
  await tryPatron('63');
  await tryPatron('23');

  if (!options.testItem) {
    step('item-information', 'skipped', { kind: 'no-test-item' });
    hint({ hint: 'no-test-item', settings: ['sip2.testItem'] });
  } else if (supports(bx, '17') === 'no') {
    step('item-information', 'skipped', { kind: 'not-answered', code: '17' });
  } else {
    const answer = await ask(
      {
        code: '17',
        fixed: { transactionDate: date },
        fields: { AO: options.institutionId, AB: options.testItem, AC: options.terminalPassword },
      },
      '18',
    );
    if ('unanswered' in answer) step('item-information', 'failed', answer.unanswered);
    else {
      describe(answer, options, report);
      const circulation =
        answer.code === '18' ? readCirculationStatus(answer.fixed.circulationStatus) : 'unknown';
      // 01 "other" with no title is how systems answer an item they do not know.
      if (answer.code === '18' && answer.fixed.circulationStatus === '01' && !answer.fields.AJ) {
        hint({ hint: 'test-item-unknown', settings: ['sip2.testItem'] });
      }
      step('item-information', 'ok', { kind: 'item-answered', circulation });
    }
  }
  line.close();
  if (idle && options.idleCheckSeconds !== undefined) {
    idleStep(await idle, options.idleCheckSeconds, report, step, hint);
  }
  return report;
}

/** The idle watch's step, and the heartbeat to set when the ACS drops a quiet line sooner. */
function idleStep(
  watched: IdleWatch,
  heartbeatSeconds: number,
  report: Sip2ProbeReport,
  step: (name: Sip2ProbeStep, outcome: Outcome, note: Sip2ProbeNote) => void,
  hint: (found: Sip2ProbeReport['hints'][number]) => void,
): void {
  if (watched.kind === 'not-watched') {
    step('idle', 'skipped', { kind: 'idle-not-watched' });
    return;
  }
  report.idle = {
    heartbeatSeconds,
    watchedSeconds: watched.watchedSeconds,
    ...(watched.kind === 'closed' ? { closedAfterSeconds: watched.closedAfterSeconds } : {}),
  };
  if (watched.kind === 'kept') {
    step('idle', 'ok', {
      kind: 'idle-kept',
      watchedSeconds: watched.watchedSeconds,
      heartbeatSeconds,
    });
    return;
  }
  // Rounded: the ACS counts its limit from its last answer, a moment before the watch began.
  const after = Math.round(watched.closedAfterSeconds);
  step('idle', 'failed', {
    kind: 'idle-closed',
    afterSeconds: watched.closedAfterSeconds,
    heartbeatSeconds,
  });
  hint({
    hint: 'idle-drop',
    settings: ['sip2.heartbeatSeconds'],
    value: String(Math.max(1, after)),
  });
}

function terminatorOf(bytes: Uint8Array): 'CR' | 'CRLF' | 'LF' | 'none' {
  const last = bytes[bytes.length - 1];
  if (last === 0x0a) return bytes[bytes.length - 2] === 0x0d ? 'CRLF' : 'LF';
  return last === 0x0d ? 'CR' : 'none';
}
