import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { chmodSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type {
  DocumentStaging,
  StagedFile,
  StagingFailure,
  StagingTicket,
} from '../core/console/documents/source';
import { DATA_FOLDER_MODE, SECRET_FILE_MODE } from '../platform/file-modes';
import { newFileSink } from '../platform/file-sink';
import { removeFile } from '../platform/files';
import { makeFolderSync, removeTreeSync } from '../platform/files-sync';
import { createLogger } from '../../src-shared/log/logger';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';
import type { Route } from './server';

const log = createLogger('web-host:staging');

/** Where the renderer PUTs a chosen file's bytes, with its token in STAGING_TOKEN_HEADER. */
export const STAGING_PATH = '/staff/documents/staging';
export const STAGING_TOKEN_HEADER = 'x-staging-token';
/** The staging folder inside the data folder. */
export const STAGING_FOLDER = 'staging';
/** A token not used within this long is void: the renderer sends right after it asks. */
export const DEFAULT_TOKEN_TTL_MS = 60_000;

export interface DocumentStagingHost {
  staging: DocumentStaging;
  /** The web host's route for STAGING_PATH (register it with startWebHost's `routes`). */
  routes: Record<string, Route>;
  folder: string;
}

interface Pending {
  maxBytes: number;
  timer: NodeJS.Timeout;
  settle(result: Result<StagedFile, StagingFailure>): void;
}

class TooLarge extends Error {}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function answer(response: ServerResponse, status: number, body?: Record<string, unknown>): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  const text = body ? JSON.stringify(body) : '';
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // The rest of a refused body is not read: the connection goes with the answer.
    ...(status >= 400 ? { connection: 'close' } : {}),
  });
  response.end(text);
}

/**
 * The web host's way in for a PDF staff choose in the browser: `staff.console.documents.stage` (a staff-only
 * IPC call) opens a one-time token, valid for `tokenTtlMs`; the renderer PUTs the file's bytes to
 * STAGING_PATH with it, and they are streamed into a 0600 file with a random name in the 0700
 * folder `<dataDir>/staging/`, refused as soon as they pass the size limit. Anything else (no
 * token, a used, expired or wrong one, another origin) is refused before a byte is written.
 * Whatever a crash left in the folder is deleted when the host starts.
 */
export function createDocumentStaging(
  dataDir: string,
  tokenTtlMs: number = DEFAULT_TOKEN_TTL_MS,
): DocumentStagingHost {
  const folder = path.resolve(dataDir, STAGING_FOLDER);
  removeTreeSync(folder);
  makeFolderSync(folder, DATA_FOLDER_MODE);
  chmodSync(folder, DATA_FOLDER_MODE);
  const pending = new Map<string, Pending>();

  function take(token: string): Pending | undefined {
    for (const [candidate, entry] of pending) {
      if (sameToken(token, candidate)) {
        pending.delete(candidate);
        clearTimeout(entry.timer);
        return entry;
      }
    }
    return undefined;
  }

  async function receive(
    request: IncomingMessage,
    response: ServerResponse,
    entry: Pending,
  ): Promise<void> {
    const declared = Number(request.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > entry.maxBytes) {
      entry.settle(err('too-large'));
      return answer(response, 413, { refused: 'too-large' });
    }
    const file = path.join(folder, `${randomUUID()}.pdf`);
    let sizeBytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        sizeBytes += chunk.length;
        if (sizeBytes > entry.maxBytes) callback(new TooLarge());
        else callback(null, chunk);
      },
    });
    try {
      await pipeline(request, counter, newFileSink(file, { mode: SECRET_FILE_MODE, flush: false }));
    } catch (error) {
      await removeFile(file);
      if (error instanceof TooLarge) {
        entry.settle(err('too-large'));
        return answer(response, 413, { refused: 'too-large' });
      }
      if (request.destroyed && !request.complete) {
        entry.settle(err('interrupted'));
        return answer(response, 400, { refused: 'interrupted' });
      }
      log.error('a staged file could not be written', { error });
      entry.settle(err('write-failed'));
      return answer(response, 500, { refused: 'write-failed' });
    }
    entry.settle(ok({ path: file, sizeBytes }));
    answer(response, 201, { sizeBytes });
  }

  const route: Route = {
    methods: ['PUT'],
    handle: async (_url, response, request) => {
      const token = request.headers[STAGING_TOKEN_HEADER];
      // Host was checked by the web host; a page of another origin has no business here either.
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== `http://${request.headers.host}`) {
        return answer(response, 403, { refused: 'origin' });
      }
      const entry = typeof token === 'string' ? take(token) : undefined;
      if (!entry) return answer(response, 403, { refused: 'token' });
      await receive(request, response, entry);
    },
  };

  const staging: DocumentStaging = {
    open(maxBytes: number): StagingTicket {
      const token = randomBytes(32).toString('base64url');
      let settle!: Pending['settle'];
      const arrived = new Promise<Result<StagedFile, StagingFailure>>((resolve) => {
        settle = resolve;
      });
      const timer = setTimeout(() => {
        if (pending.delete(token)) settle(err('expired'));
      }, tokenTtlMs);
      timer.unref();
      pending.set(token, { maxBytes, timer, settle });
      return { path: STAGING_PATH, token, arrived };
    },
    async remove(filePath: string): Promise<void> {
      // Only the kiosk's own copies: never a path outside the staging folder.
      if (path.dirname(path.resolve(filePath)) !== folder) return;
      await removeFile(filePath);
    },
  };

  return { staging, routes: { [STAGING_PATH]: route }, folder };
}
