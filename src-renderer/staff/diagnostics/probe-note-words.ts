import type { ProbeNote } from '../../../src-common/ipc/probe-report';
import type { Sip2ProbeNote } from '../../../src-common/ipc/sip2-probe-report';
import type { Problem } from '../../../src-common/ipc/contract';
import type { Translate } from '../../i18n/message-key';

/**
 * The Detail of each row of the probes' result tables, in the screen's language: the service
 * probe's (what an operation read, why it was not asked, or the service's failure in the
 * console's words) and the SIP2 probe's. The CLI prints the same notes in English
 * (library-client/probe-notes.ts, sip2/probe-notes.ts).
 */
export function probeNoteText(
  note: ProbeNote,
  t: Translate,
  problemText: (problem: Problem) => string,
): string {
  switch (note.kind) {
    case 'failed':
      return problemText(note.problem);
    case 'members-on-page':
    case 'branches':
    case 'member-types':
    case 'loans':
      return t(`diagnostics.probe.note.${note.kind}`, { count: note.count });
    default:
      return t(`diagnostics.probe.note.${note.kind}`);
  }
}

export function sip2NoteText(note: Sip2ProbeNote, t: Translate): string {
  const flag = (value: 'yes' | 'no' | 'unknown') => t(`diagnostics.sip2Probe.flag.${value}`);
  switch (note.kind) {
    case 'connected':
      return t(
        note.tls
          ? 'diagnostics.sip2Probe.note.connectedTls'
          : 'diagnostics.sip2Probe.note.connected',
        {
          address: `${note.host}:${note.port}`,
        },
      );
    case 'not-connected':
      return t('diagnostics.sip2Probe.note.not-connected', {
        address: `${note.host}:${note.port}`,
        code: note.code,
      });
    case 'not-built':
    case 'unreadable':
      return t(`diagnostics.sip2Probe.note.${note.kind}`, { issue: note.issue });
    case 'connection-failed':
      return t('diagnostics.sip2Probe.note.connection-failed', { code: note.code });
    case 'other-answer':
      return t('diagnostics.sip2Probe.note.other-answer', {
        code: note.code,
        expected: note.expected,
      });
    case 'logged-in':
      return t('diagnostics.sip2Probe.note.logged-in', { user: note.user });
    case 'status':
      return t('diagnostics.sip2Probe.note.status', {
        online: flag(note.online),
        checkOut: flag(note.checkOut),
        checkIn: flag(note.checkIn),
      });
    case 'not-answered':
      return t('diagnostics.sip2Probe.note.not-answered', { code: note.code });
    case 'patron-answered':
      return t('diagnostics.sip2Probe.note.patron-answered', {
        code: note.code,
        valid: flag(note.valid),
      });
    case 'item-answered':
      return t('diagnostics.sip2Probe.note.item-answered', {
        circulation: t(`diagnostics.sip2Probe.circulation.${note.circulation}`),
      });
    case 'idle-kept':
      return t('diagnostics.sip2Probe.note.idle-kept', {
        watched: note.watchedSeconds,
        heartbeat: note.heartbeatSeconds,
      });
    case 'idle-closed':
      return t('diagnostics.sip2Probe.note.idle-closed', {
        after: Math.round(note.afterSeconds),
        heartbeat: note.heartbeatSeconds,
      });
    case 'no-answer':
    case 'closed':
    case 'asked-again':
    case 'login-refused':
    case 'no-login-user':
    case 'no-test-card':
    case 'no-test-item':
    case 'idle-not-watched':
      return t(`diagnostics.sip2Probe.note.${note.kind}`);
  }
}
