import path from 'node:path';
import type { DocumentsChannel } from '../../../src-common/ipc/console/channels';
import type { FileRejection, UploadView } from '../../../src-common/ipc/console/documents';
import { createLogger } from '../../../src-shared/log/logger';
import { answered, failed } from './answer';
import type { ConsoleArea, ConsoleContext } from './deps';
import { createBrowserIntake } from './documents/browser-intake';
import { checkPdf } from './documents/pdf-check';
import { publishSelection } from './documents/publish-job';
import { createPublishedRecord } from './documents/published-record';
import { EMPTY, emptyUploadState, isBusy } from './documents/upload-state';
import type { Selection } from './documents/upload-state';

export { PROGRESS_INTERVAL_MS } from './documents/publish-job';

const log = createLogger('console:documents');

export interface DocumentsArea extends ConsoleArea<DocumentsChannel> {
  /** The documents screen's state, for the staff view. */
  upload(): UploadView | undefined;
}

/**
 * The documents screen: which file is chosen (from Electron's dialog, or the browser's staging
 * through browser-intake.ts), publishing it (publish-job.ts), cancelling, and forgetting it all
 * when staff discard it or leave staff mode.
 */
export function createDocumentsArea(context: ConsoleContext): DocumentsArea {
  const maxBytes = context.settings.documents.maxUploadBytes;
  const source = context.documents;
  const chooseBy = source?.pick ? 'dialog' : source?.staging ? 'browser' : 'none';
  const published = createPublishedRecord(context.settings.dataDir);
  const state = emptyUploadState();

  const notNow = () => failed({ kind: 'unavailable', reason: 'busy' });

  function removeStaged(file: Selection | undefined): void {
    if (!file?.staged || !source?.staging) return;
    source.staging
      .remove(file.path)
      .catch((error: unknown) => log.warn('a staged file could not be deleted', { error }));
  }

  function accept(file: Selection): void {
    if (state.selection && state.selection.path !== file.path) removeStaged(state.selection);
    state.selection = file;
    state.shownFile = { fileName: file.fileName, sizeBytes: file.sizeBytes };
    state.rejected = undefined;
    state.job = { ...EMPTY, phase: 'chosen', totalBytes: file.sizeBytes };
  }

  function reject(fileName: string, reason: FileRejection): void {
    state.rejected = { fileName, reason };
  }

  /** Staff discarded the file or left staff mode: stop everything and keep nothing. */
  function forget(): void {
    state.generation += 1;
    state.running?.abort();
    state.running = undefined;
    state.receiving = undefined;
    removeStaged(state.selection);
    state.selection = undefined;
    state.shownFile = undefined;
    state.rejected = undefined;
    state.job = { ...EMPTY };
  }

  const intake = source?.staging
    ? createBrowserIntake({
        state,
        staging: source.staging,
        maxBytes,
        accept,
        reject,
        changed: () => context.changed(),
      })
    : undefined;

  return {
    upload: () => ({
      ...state.job,
      maxBytes,
      chooseBy,
      ...(state.shownFile ? { file: state.shownFile } : {}),
      ...(state.rejected ? { rejected: state.rejected } : {}),
    }),
    handlers: {
      'staff.console.documents.choose': async () => {
        if (!source?.pick) return failed({ kind: 'unavailable', reason: 'no-file-dialog' });
        if (isBusy(state)) return notNow();
        const chosen = await source.pick();
        if (!chosen) return answered({ chosen: false });
        const fileName = path.basename(chosen);
        const checked = await checkPdf(chosen, maxBytes);
        if (checked.ok) {
          accept({ path: chosen, fileName, sizeBytes: checked.value.sizeBytes, staged: false });
        } else {
          reject(fileName, checked.error.reason);
        }
        context.changed();
        return answered({ chosen: checked.ok });
      },
      'staff.console.documents.stage': (request) =>
        intake ? intake.stage(request) : failed({ kind: 'unavailable', reason: 'no-staging' }),
      'staff.console.documents.publish': (request) =>
        publishSelection(state, { context, published, removeStaged }, request),
      'staff.console.documents.cancel': () => {
        if (!state.running || !isBusy(state)) return answered({ cancelled: false });
        state.running.abort();
        return answered({ cancelled: true });
      },
      'staff.console.documents.published': async () =>
        answered({ documents: await published.list() }),
      'staff.console.documents.discard': () => {
        forget();
        context.changed();
        return answered(null);
      },
    },
    staffModeEnded: forget,
    dispose: forget,
  };
}
