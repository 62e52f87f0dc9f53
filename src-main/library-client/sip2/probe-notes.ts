import type { Sip2ProbeNote } from '../../../src-common/ipc/sip2-probe-report';

/**
 * A step's note in the CLI's English (`library-kiosk probe --sip2` is an operator's tool and
 * prints English; the diagnostics screen words the same note through the catalogs).
 */
export function sip2NoteEnglish(note: Sip2ProbeNote): string {
  switch (note.kind) {
    case 'connected':
      return `connected to ${note.host}:${note.port}${note.tls ? ' over TLS' : ''}`;
    case 'not-connected':
      return `no connection to ${note.host}:${note.port} (${note.code})`;
    case 'not-built':
      return `the request could not be built (${note.issue})`;
    case 'no-answer':
      return 'no answer in time';
    case 'closed':
      return 'the ACS closed the connection without answering';
    case 'connection-failed':
      return `the connection failed (${note.code})`;
    case 'unreadable':
      return `the answer could not be read (${note.issue})`;
    case 'asked-again':
      return 'the ACS asked for the request again (96): it could not read it';
    case 'other-answer':
      return `the ACS answered ${note.code}, not ${note.expected}`;
    case 'login-refused':
      return 'the ACS refused the login (94 with ok 0)';
    case 'logged-in':
      return `logged in as ${note.user}`;
    case 'no-login-user':
      return 'no login user set: the ACS is assumed to want none';
    case 'status':
      return `online ${note.online}, check-out ${note.checkOut}, check-in ${note.checkIn}`;
    case 'no-test-card':
      return 'no test card set (sip2.testCard)';
    case 'no-test-item':
      return 'no test item set (sip2.testItem)';
    case 'not-answered':
      return `the ACS says it does not answer ${note.code} (BX)`;
    case 'patron-answered':
      return `answered ${note.code}; valid patron ${note.valid}`;
    case 'item-answered':
      return `answered 18; circulation status ${note.circulation}`;
    case 'idle-not-watched':
      return 'no line of its own could be opened and logged in to watch';
    case 'idle-kept':
      return `a quiet line stayed open for ${note.watchedSeconds} s (heartbeat ${note.heartbeatSeconds} s)`;
    case 'idle-closed':
      return `the ACS closed a quiet line after ${note.afterSeconds} s, within the heartbeat (${note.heartbeatSeconds} s)`;
  }
}
