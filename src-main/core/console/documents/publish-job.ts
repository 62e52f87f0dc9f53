import type { PublishRequest } from '../../../../src-common/ipc/console/documents';
import type { ConsoleAnswer } from '../../../../src-common/ipc/console/answer';
import { checkDocumentAddress } from '../../../library-client/document-address';
import { publishDocument } from '../../../library-client/publish';
import type { PublishedDocument } from '../../../library-client/publish';
import { createLogger } from '../../../../src-shared/log/logger';
import { answered, failed, problemOf } from '../answer';
import type { ConsoleContext } from '../deps';
import { publishFailureOf } from './failure';
import { documentName } from './name-check';
import { throttleProgress } from './progress-throttle';
import type { PublishedRecord } from './published-record';
import type { Selection, UploadState } from './upload-state';
import { isBusy } from './upload-state';

const log = createLogger('console:documents');

/** The progress bar moves at most this often (each move is a state sent to the renderer). */
export const PROGRESS_INTERVAL_MS = 100;

/**
 * Publishes the chosen file under the name staff gave: what the screen shows while it runs
 * (creating, uploading with its progress), that an answer of an attempt since forgotten changes
 * nothing, that a new document joins the kiosk's list, that the staged copy goes once published,
 * whether the address opens without credentials, and why a failure failed.
 */
export async function publishSelection(
  state: UploadState,
  deps: {
    context: ConsoleContext;
    published: PublishedRecord;
    removeStaged(file: Selection): void;
  },
  request: PublishRequest,
): Promise<ConsoleAnswer<PublishedDocument>> {
  const { context, published } = deps;
  if (isBusy(state)) return failed({ kind: 'unavailable', reason: 'busy' });
  const file = state.selection;
  if (!file) return failed({ kind: 'invalid', issues: [{ path: 'file', message: 'none' }] });
  const named = documentName(request.name, file.fileName);
  if (!named.ok)
    return failed({ kind: 'invalid', issues: [{ path: 'name', message: named.error }] });
  const docid = request.docid?.trim() || null;

  state.generation += 1;
  const mine = state.generation;
  const controller = new AbortController();
  state.running = controller;
  let signatureExpiresAt: Date | undefined;
  state.job = {
    phase: 'creating',
    name: request.name.trim(),
    docid,
    sentBytes: 0,
    totalBytes: file.sizeBytes,
  };
  state.rejected = undefined;
  context.changed();
  const progressed = throttleProgress(PROGRESS_INTERVAL_MS, () => {
    context.touch();
    context.changed();
  });
  // A fresh create-document call on every attempt: a retry never reuses an upload signature.
  const result = await publishDocument(context.auth.client, file.path, {
    name: named.value,
    docid,
    signal: controller.signal,
    onUploading: (started) => {
      if (state.generation !== mine) return;
      signatureExpiresAt = started.signatureExpiresAt;
      state.job = { ...state.job, phase: 'uploading', document: started.document };
      context.changed();
    },
    onProgress: ({ sentBytes, totalBytes }) => {
      if (state.generation !== mine) return;
      state.job = { ...state.job, sentBytes, totalBytes };
      progressed();
    },
  });
  if (state.generation !== mine) return failed({ kind: 'cancelled', operation: 'publishDocument' });
  state.running = undefined;
  if (result.ok) {
    // A new document joins the kiosk's list (a sub-document's is already there, under its own).
    const docidOfNew = result.value.itemId;
    if (docid === null && docidOfNew) {
      await published.add({
        name: named.value,
        docid: docidOfNew,
        publishedAt: new Date().toISOString(),
      });
    }
    state.job = {
      ...state.job,
      phase: 'published',
      document: result.value,
      sentBytes: state.job.totalBytes,
    };
    // Published: the kiosk's copy has done its job.
    deps.removeStaged(file);
    state.selection = undefined;
    context.changed();
    if (result.value.url === undefined) return answered(result.value);
    // The screen calls the address shareable only once it has opened without credentials.
    const address = await checkDocumentAddress(result.value.url, {
      timeoutMs: context.settings.requestTimeoutMs,
    });
    if (address.result !== 'opens') log.warn('the published address did not open', address);
    const document = { ...result.value, address };
    if (state.generation === mine) {
      state.job = { ...state.job, document };
      context.changed();
    }
    return answered(document);
  }
  const problem = problemOf(result.error);
  if (result.error.kind === 'cancelled') {
    state.job = { ...state.job, phase: 'cancelled' };
  } else {
    const reason = publishFailureOf(result.error, {
      withDocid: docid !== null,
      ...(signatureExpiresAt ? { signatureExpiresAt } : {}),
      now: new Date(),
    });
    log.warn('publishing failed', { reason, kind: result.error.kind });
    state.job = { ...state.job, phase: 'failed', failure: { reason, problem } };
  }
  context.changed();
  return failed(problem);
}
