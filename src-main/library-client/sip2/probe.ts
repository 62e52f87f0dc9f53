import type { Terminator } from '../../../src-shared/sip2/build';
import { formatSipDate } from '../../../src-shared/sip2/date';
import type { OutgoingMessage } from '../../../src-shared/sip2/messages';
import type {
  Sip2ProbeNote,
  Sip2ProbeReport,
  Sip2ProbeStep,
} from '../../../src-common/ipc/sip2-probe-report';
import type { Sip2ClientOptions } from './sip2-types';
import { connectHint, open } from './probe-line';
import { watchIdle, type IdleWatch } from './probe-idle';
import { createProbeAsk } from './probe-ask';
import {
  acsStatusStep,
  itemStep,
  patronStep,
  type ProbeOutcome,
  type ProbeRun,
} from './probe-steps';
import { sip2NoteEnglish } from './probe-notes';

export type { Sip2ProbeReport } from '../../../src-common/ipc/sip2-probe-report';

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
  const step = (name: Sip2ProbeStep, outcome: ProbeOutcome, note: Sip2ProbeNote) =>
    report.steps.push({ step: name, outcome, detail: sip2NoteEnglish(note), note });
  const hint = (found: Sip2ProbeReport['hints'][number]) => {
    if (!report.hints.some((known) => known.hint === found.hint)) report.hints.push(found);
  };
  const now = options.now ?? (() => new Date());

  const opened = await open(options);
  if (!opened.ok) {
    step('connect', 'failed', {
      kind: 'not-connected',
      host: options.host,
      port: options.port,
      code: opened.error,
    });
    hint(connectHint(opened.error, options));
    return report;
  }
  step('connect', 'ok', {
    kind: 'connected',
    host: options.host,
    port: options.port,
    tls: options.tls !== undefined,
  });
  let line = opened.value;

  const ask = createProbeAsk(options, report, hint, () => line);

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
        line = again.value;
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
  const probe: ProbeRun = { options, report, step, hint, ask };
  const bx = acsStatusStep(status, probe);

  const date = formatSipDate(now(), 'local');
  const knownBy63 = await patronStep('63', bx, date, probe, undefined);
  await patronStep('23', bx, date, probe, knownBy63);

  await itemStep(bx, date, probe);
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
  step: (name: Sip2ProbeStep, outcome: ProbeOutcome, note: Sip2ProbeNote) => void,
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
