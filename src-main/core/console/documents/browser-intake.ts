import type { IpcHandlers } from '../../../../src-common/ipc/contract';
import type { FileRejection } from '../../../../src-common/ipc/console/documents';
import { createLogger } from '../../../../src-shared/log/logger';
import { answered, failed } from '../answer';
import { checkPdf } from './pdf-check';
import type { DocumentStaging, StagingTicket } from './source';
import type { Job, Selection, UploadState } from './upload-state';

const log = createLogger('console:documents');

/**
 * A file the browser sends into the web host's staging folder: refused by its announced size before
 * a byte is sent, replaced by a newer choice while on its way, dropped when the screen moved on
 * before it arrived, and once in, checked and accepted or rejected; a failed arrival puts the
 * screen back as it was before the file was asked for.
 */
export function createBrowserIntake(deps: {
  state: UploadState;
  staging: DocumentStaging;
  maxBytes: number;
  accept(file: Selection): void;
  reject(fileName: string, reason: FileRejection): void;
  changed(): void;
}): { stage: IpcHandlers['staff.console.documents.stage'] } {
  const { state, staging, maxBytes } = deps;

  async function arrive(ticket: StagingTicket, fileName: string, before: Job): Promise<void> {
    const result = await ticket.arrived;
    if (state.receiving !== ticket) {
      if (result.ok) await staging.remove(result.value.path);
      return;
    }
    state.receiving = undefined;
    state.job = before;
    if (!result.ok) {
      // The browser gave up or never sent: nothing to tell beyond the screen it is back on.
      if (result.error === 'too-large') deps.reject(fileName, 'too-large');
      if (result.error === 'write-failed') deps.reject(fileName, 'unreadable');
      deps.changed();
      return;
    }
    const checked = await checkPdf(result.value.path, maxBytes);
    if (state.receiving !== undefined || state.job !== before) {
      await staging.remove(result.value.path);
      return;
    }
    if (checked.ok) {
      deps.accept({
        path: result.value.path,
        fileName,
        sizeBytes: checked.value.sizeBytes,
        staged: true,
      });
    } else {
      await staging.remove(result.value.path);
      deps.reject(fileName, checked.error.reason);
    }
    deps.changed();
  }

  return {
    stage: (request) => {
      // A file still on its way is replaced by the newer choice (its late arrival is dropped).
      if (state.job.phase === 'creating' || state.job.phase === 'uploading')
        return failed({ kind: 'unavailable', reason: 'busy' });
      // Refused before a byte is sent; the staging route enforces the limit again as it streams.
      const refusal: FileRejection | undefined =
        request.sizeBytes > maxBytes ? 'too-large' : request.sizeBytes === 0 ? 'empty' : undefined;
      if (refusal) {
        deps.reject(request.fileName, refusal);
        deps.changed();
        return failed({ kind: 'invalid', issues: [{ path: 'file', message: refusal }] });
      }
      const ticket = staging.open(maxBytes);
      const before = state.receiving ? state.beforeReceiving : state.job;
      state.beforeReceiving = before;
      state.receiving = ticket;
      state.job = { ...state.job, phase: 'receiving' };
      state.rejected = undefined;
      deps.changed();
      arrive(ticket, request.fileName, before).catch((error: unknown) =>
        log.error('a staged file could not be checked', { error }),
      );
      return answered({ path: ticket.path, token: ticket.token });
    },
  };
}
