import type { ProbeNote } from '../../src-common/ipc/probe-report';

/** A note of what was read or why nothing was called; a failure is the service error's own. */
export type ProbeReadNote = Exclude<ProbeNote, { kind: 'failed' }>;

/**
 * The probe's note in the CLI's English (`library-kiosk probe` is an operator's tool and prints
 * English; the diagnostics screen words the same note through the catalogs).
 */
export function probeNoteEnglish(note: ProbeReadNote): string {
  switch (note.kind) {
    case 'user-named':
      return 'user named';
    case 'no-user-name':
      return 'no user name found';
    case 'members-on-page':
      return `${note.count} members on page 1`;
    case 'first-member-read':
      return 'first listed member read';
    case 'branches':
      return `${note.count} branches`;
    case 'member-types':
      return `${note.count} types`;
    case 'loans':
      return `${note.count} loans`;
    case 'loans-not-found':
      return 'loans not found';
    case 'no-member-id':
      return 'the list named no member id';
    case 'list-failed':
      return 'the list failed';
    case 'no-barcode':
      return 'no barcode given (--barcode or --email) and none listed';
  }
}
