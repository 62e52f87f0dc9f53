import path from 'node:path';
import type { DocumentsChannel } from '../../../src-common/ipc/console/channels';
import type {
  FileRejection,
  PublishRequest,
  UploadView,
} from '../../../src-common/ipc/console/documents';
import type { ConsoleAnswer } from '../../../src-common/ipc/console/answer';
import { checkDocumentAddress } from '../../library-client/document-address';
import { publishDocument } from '../../library-client/publish';
import type { PublishedDocument } from '../../library-client/publish';
import { createLogger } from '../../../src-shared/log/logger';
import { answered, failed, problemOf } from './answer';
import type { ConsoleArea, ConsoleContext } from './deps';
import { publishFailureOf } from './documents/failure';
import { documentName } from './documents/name-check';
import { checkPdf } from './documents/pdf-check';
import { createPublishedRecord } from './documents/published-record';
import type { StagingTicket } from './documents/source';

const log = createLogger('console:documents');

/** The progress bar moves at most this often (each move is a state sent to the renderer). */
export const PROGRESS_INTERVAL_MS = 100;

export interface DocumentsArea extends ConsoleArea<DocumentsChannel> {
  /** The documents screen's state, for the staff view. */
  upload(): UploadView | undefined;
}

/** The chosen file as the core keeps it: the path never leaves the core. */
interface Selection {
  path: string;
  fileName: string;
  sizeBytes: number;
  /** In the web host's staging folder: the kiosk's own copy, deleted when no longer needed. */
  staged: boolean;
}

type Job = Omit<UploadView, 'maxBytes' | 'chooseBy' | 'file' | 'rejected'>;

const EMPTY: Job = { phase: 'empty', name: '', docid: null, sentBytes: 0, totalBytes: 0 };
const BUSY = new Set<UploadView['phase']>(['receiving', 'creating', 'uploading']);

export function createDocumentsArea(context: ConsoleContext): DocumentsArea {
  const maxBytes = context.settings.documents.maxUploadBytes;
  const source = context.documents;
  const chooseBy = source?.pick ? 'dialog' : source?.staging ? 'browser' : 'none';
  const published = createPublishedRecord(context.settings.dataDir);
  let selection: Selection | undefined;
  /** What the screen shows of the file (kept after publishing, when the staged copy is gone). */
  let shownFile: { fileName: string; sizeBytes: number } | undefined;
  let rejected: { fileName: string; reason: FileRejection } | undefined;
  let job: Job = { ...EMPTY };
  let receiving: StagingTicket | undefined;
  /** The screen as it was before the file on its way was asked for (shown again if it fails). */
  let beforeReceiving: Job = { ...EMPTY };
  let running: AbortController | undefined;
  // Each publish and each forget bumps it: a late answer of an older attempt changes nothing.
  let generation = 0;

  const busy = (): boolean => BUSY.has(job.phase);
  const notNow = () => failed({ kind: 'unavailable', reason: 'busy' });

  function removeStaged(file: Selection | undefined): void {
    if (!file?.staged || !source?.staging) return;
    source.staging
      .remove(file.path)
      .catch((error: unknown) => log.warn('a staged file could not be deleted', { error }));
  }

  function accept(file: Selection): void {
    if (selection && selection.path !== file.path) removeStaged(selection);
    selection = file;
    shownFile = { fileName: file.fileName, sizeBytes: file.sizeBytes };
    rejected = undefined;
    job = { ...EMPTY, phase: 'chosen', totalBytes: file.sizeBytes };
  }

  function reject(fileName: string, reason: FileRejection): void {
    rejected = { fileName, reason };
  }

  /** Staff discarded the file or left staff mode: stop everything and keep nothing. */
  function forget(): void {
    generation += 1;
    running?.abort();
    running = undefined;
    receiving = undefined;
    removeStaged(selection);
    selection = undefined;
    shownFile = undefined;
    rejected = undefined;
    job = { ...EMPTY };
  }

  /** At most one state per interval, and the last one always (a stalled upload shows its count). */
  function progressReporter(): () => void {
    let last = 0;
    let timer: NodeJS.Timeout | undefined;
    const emit = (): void => {
      timer = undefined;
      last = Date.now();
      context.touch();
      context.changed();
    };
    return () => {
      if (timer) return;
      const wait = last + PROGRESS_INTERVAL_MS - Date.now();
      if (wait <= 0) emit();
      else timer = setTimeout(emit, wait);
    };
  }

  async function arrive(ticket: StagingTicket, fileName: string, before: Job): Promise<void> {
    const result = await ticket.arrived;
    if (receiving !== ticket) {
      if (result.ok) await source?.staging?.remove(result.value.path);
      return;
    }
    receiving = undefined;
    job = before;
    if (!result.ok) {
      // The browser gave up or never sent: nothing to tell beyond the screen it is back on.
      if (result.error === 'too-large') reject(fileName, 'too-large');
      if (result.error === 'write-failed') reject(fileName, 'unreadable');
      context.changed();
      return;
    }
    const checked = await checkPdf(result.value.path, maxBytes);
    if (receiving !== undefined || job !== before) {
      await source?.staging?.remove(result.value.path);
      return;
    }
    if (checked.ok) {
      accept({
        path: result.value.path,
        fileName,
        sizeBytes: checked.value.sizeBytes,
        staged: true,
      });
    } else {
      await source?.staging?.remove(result.value.path);
      reject(fileName, checked.reason);
    }
    context.changed();
  }

  async function publish(request: PublishRequest): Promise<ConsoleAnswer<PublishedDocument>> {
    if (busy()) return notNow();
    const file = selection;
    if (!file) return failed({ kind: 'invalid', issues: [{ path: 'file', message: 'none' }] });
    const named = documentName(request.name, file.fileName);
    if (!named.ok)
      return failed({ kind: 'invalid', issues: [{ path: 'name', message: named.issue }] });
    const docid = request.docid?.trim() || null;

    generation += 1;
    const mine = generation;
    const controller = new AbortController();
    running = controller;
    let signatureExpiresAt: Date | undefined;
    job = {
      phase: 'creating',
      name: request.name.trim(),
      docid,
      sentBytes: 0,
      totalBytes: file.sizeBytes,
    };
    rejected = undefined;
    context.changed();
    const progressed = progressReporter();
    // A fresh create-document call on every attempt: a retry never reuses an upload signature.
    const result = await publishDocument(context.auth.client, file.path, {
      name: named.name,
      docid,
      signal: controller.signal,
      onUploading: (started) => {
        if (generation !== mine) return;
        signatureExpiresAt = started.signatureExpiresAt;
        job = { ...job, phase: 'uploading', document: started.document };
        context.changed();
      },
      onProgress: ({ sentBytes, totalBytes }) => {
        if (generation !== mine) return;
        job = { ...job, sentBytes, totalBytes };
        progressed();
      },
    });
    if (generation !== mine) return failed({ kind: 'cancelled', operation: 'publishDocument' });
    running = undefined;
    if (result.ok) {
      // A new document joins the kiosk's list (a sub-document's is already there, under its own).
      const docidOfNew = result.value.itemId;
      if (docid === null && docidOfNew) {
        await published.add({
          name: named.name,
          docid: docidOfNew,
          publishedAt: new Date().toISOString(),
        });
      }
      job = { ...job, phase: 'published', document: result.value, sentBytes: job.totalBytes };
      // Published: the kiosk's copy has done its job.
      removeStaged(file);
      selection = undefined;
      context.changed();
      if (result.value.url === undefined) return answered(result.value);
      // The screen calls the address shareable only once it has opened without credentials.
      const address = await checkDocumentAddress(result.value.url, {
        timeoutMs: context.settings.requestTimeoutMs,
      });
      if (address.result !== 'opens') log.warn('the published address did not open', address);
      const document = { ...result.value, address };
      if (generation === mine) {
        job = { ...job, document };
        context.changed();
      }
      return answered(document);
    }
    const problem = problemOf(result.error);
    if (result.error.kind === 'cancelled') {
      job = { ...job, phase: 'cancelled' };
    } else {
      const reason = publishFailureOf(result.error, {
        withDocid: docid !== null,
        ...(signatureExpiresAt ? { signatureExpiresAt } : {}),
        now: new Date(),
      });
      log.warn('publishing failed', { reason, kind: result.error.kind });
      job = { ...job, phase: 'failed', failure: { reason, problem } };
    }
    context.changed();
    return failed(problem);
  }

  return {
    upload: () => ({
      ...job,
      maxBytes,
      chooseBy,
      ...(shownFile ? { file: shownFile } : {}),
      ...(rejected ? { rejected } : {}),
    }),
    handlers: {
      'console.documents.choose': async () => {
        if (!source?.pick) return failed({ kind: 'unavailable', reason: 'no-file-dialog' });
        if (busy()) return notNow();
        const chosen = await source.pick();
        if (!chosen) return answered({ chosen: false });
        const fileName = path.basename(chosen);
        const checked = await checkPdf(chosen, maxBytes);
        if (checked.ok) {
          accept({ path: chosen, fileName, sizeBytes: checked.value.sizeBytes, staged: false });
        } else {
          reject(fileName, checked.reason);
        }
        context.changed();
        return answered({ chosen: checked.ok });
      },
      'console.documents.stage': (request) => {
        if (!source?.staging) return failed({ kind: 'unavailable', reason: 'no-staging' });
        // A file still on its way is replaced by the newer choice (its late arrival is dropped).
        if (job.phase === 'creating' || job.phase === 'uploading') return notNow();
        // Refused before a byte is sent; the staging route enforces the limit again as it streams.
        const refusal: FileRejection | undefined =
          request.sizeBytes > maxBytes
            ? 'too-large'
            : request.sizeBytes === 0
              ? 'empty'
              : undefined;
        if (refusal) {
          reject(request.fileName, refusal);
          context.changed();
          return failed({ kind: 'invalid', issues: [{ path: 'file', message: refusal }] });
        }
        const ticket = source.staging.open(maxBytes);
        const before = receiving ? beforeReceiving : job;
        beforeReceiving = before;
        receiving = ticket;
        job = { ...job, phase: 'receiving' };
        rejected = undefined;
        context.changed();
        arrive(ticket, request.fileName, before).catch((error: unknown) =>
          log.error('a staged file could not be checked', { error }),
        );
        return answered({ path: ticket.path, token: ticket.token });
      },
      'console.documents.publish': (request) => publish(request),
      'console.documents.cancel': () => {
        if (!running || !busy()) return answered({ cancelled: false });
        running.abort();
        return answered({ cancelled: true });
      },
      'console.documents.published': async () => answered({ documents: await published.list() }),
      'console.documents.discard': () => {
        forget();
        context.changed();
        return answered(null);
      },
    },
    staffModeEnded: forget,
    dispose: forget,
  };
}
