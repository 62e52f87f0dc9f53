import type { FileRejection, UploadView } from '../../../../src-common/ipc/console/documents';
import type { StagingTicket } from './source';

/** The chosen file as the core keeps it: the path never leaves the core. */
export interface Selection {
  path: string;
  fileName: string;
  sizeBytes: number;
  /** In the web host's staging folder: the kiosk's own copy, deleted when no longer needed. */
  staged: boolean;
}

export type Job = Omit<UploadView, 'maxBytes' | 'chooseBy' | 'file' | 'rejected'>;

export const EMPTY: Job = { phase: 'empty', name: '', docid: null, sentBytes: 0, totalBytes: 0 };
const BUSY = new Set<UploadView['phase']>(['receiving', 'creating', 'uploading']);

/** What the documents screen holds between calls; one per documents area. */
export interface UploadState {
  selection: Selection | undefined;
  /** What the screen shows of the file (kept after publishing, when the staged copy is gone). */
  shownFile: { fileName: string; sizeBytes: number } | undefined;
  rejected: { fileName: string; reason: FileRejection } | undefined;
  job: Job;
  receiving: StagingTicket | undefined;
  /** The screen as it was before the file on its way was asked for (shown again if it fails). */
  beforeReceiving: Job;
  running: AbortController | undefined;
  /** Each publish and each forget bumps it: a late answer of an older attempt changes nothing. */
  generation: number;
}

export function emptyUploadState(): UploadState {
  return {
    selection: undefined,
    shownFile: undefined,
    rejected: undefined,
    job: { ...EMPTY },
    receiving: undefined,
    beforeReceiving: { ...EMPTY },
    running: undefined,
    generation: 0,
  };
}

/** A file is on its way in, or being published: the screen takes no other file or publish. */
export const isBusy = (state: UploadState): boolean => BUSY.has(state.job.phase);
