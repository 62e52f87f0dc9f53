import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createLogger } from '../../src-shared/log/logger';
import { DEFAULT_MAX_ANSWER_BYTES } from './answer-body';
import { networkCode, outcomeOfNetworkFailure } from '../library/library-error';
import type { LibraryError } from '../library/library-error';
import { err, ok } from '../../src-common/result';
import type { Result } from '../../src-common/result';

const log = createLogger('service:upload');

export interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Longest silence on the connection before giving up; the whole upload may take longer. */
  idleTimeoutMs: number;
  /** service.maxAnswerBytes: the storage's answer is read up to this much, the rest left unread. */
  maxAnswerBytes?: number;
}

export type UploadError =
  LibraryError | { kind: 'file-unreadable'; operation: 'uploadFile'; cause: string };

const operation = 'uploadFile' as const;

function azureErrorCode(xml: string): string | undefined {
  return /<Code>([^<]{1,80})<\/Code>/.exec(xml)?.[1];
}

/**
 * PUT the file to the ticket's upload endpoint as a stream: the file is never held in memory
 * whole. No authorization header: the signature in the URL is the credential, and the URL is
 * never logged.
 */
export async function uploadFile(
  uploadEndpoint: string,
  filePath: string,
  options: UploadOptions,
): Promise<Result<void, UploadError>> {
  let totalBytes: number;
  try {
    const info = await stat(filePath);
    if (!info.isFile()) return err({ kind: 'file-unreadable', operation, cause: 'not-a-file' });
    totalBytes = info.size;
  } catch (error) {
    return err({ kind: 'file-unreadable', operation, cause: networkCode(error) });
  }
  if (options.signal?.aborted) return err({ kind: 'cancelled', operation, outcome: 'not-applied' });

  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const url = new URL(uploadEndpoint);
  const transport = url.protocol === 'https:' ? https : http;
  let connected = false;
  let timedOut = false;
  // Once the service has answered, request-side errors (it stopped reading) change nothing; the
  // answer itself decides, and an answer that breaks off is handled on the response.
  let answered = false;

  return new Promise((resolve) => {
    const request = transport.request(url, {
      method: 'PUT',
      headers: {
        'content-type': 'application/octet-stream',
        'x-ms-blob-type': 'BlockBlob',
        'content-length': String(totalBytes),
      },
      signal: options.signal,
    });
    request.setTimeout(options.idleTimeoutMs, () => {
      timedOut = true;
      request.destroy();
    });
    request.on('socket', (socket) => socket.once('connect', () => (connected = true)));

    const fail = (error: unknown): void => {
      if (answered) return;
      // A blob PUT replaces the blob whole, so an interrupted upload is safe to send again.
      const outcome = connected ? 'unknown' : 'not-applied';
      if (options.signal?.aborted) return resolve(err({ kind: 'cancelled', operation, outcome }));
      if (timedOut) {
        return resolve(
          err({ kind: 'timeout', operation, timeoutMs: options.idleTimeoutMs, outcome }),
        );
      }
      const cause = networkCode(error);
      if (cause === 'ENOENT' || cause === 'EACCES' || cause === 'EISDIR') {
        return resolve(err({ kind: 'file-unreadable', operation, cause }));
      }
      log.warn('upload failed', { cause });
      resolve(
        err({
          kind: 'unreachable',
          operation,
          cause,
          outcome: connected ? 'unknown' : outcomeOfNetworkFailure(cause),
        }),
      );
    };

    request.on('error', fail);
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      let kept = 0;
      let interruption: unknown;
      let settled = false;
      const settle = (): void => {
        if (settled) return;
        settled = true;
        const status = response.statusCode ?? 0;
        if (status === 201 || status === 200) return resolve(ok(undefined));
        const code = azureErrorCode(Buffer.concat(chunks).toString('utf8'));
        log.warn('upload refused', { status, azureCode: code });
        resolve(
          err({
            kind: 'refused',
            operation,
            status,
            ...(code ? { code } : {}),
            outcome: status < 500 ? 'not-applied' : 'unknown',
          }),
        );
      };
      // Only an error's <Code> is read from the answer: past the cap the status decides, and the
      // rest is never read.
      response.on('data', (chunk: Buffer) => {
        if (settled) return;
        chunks.push(chunk.subarray(0, maxAnswerBytes - kept));
        kept += chunk.length;
        if (kept < maxAnswerBytes) return;
        log.warn('upload answer longer than the cap; the rest not read', { maxAnswerBytes });
        settle();
        response.destroy();
      });
      response.on('error', (error) => (interruption = error));
      // A reset or idle timeout mid-answer: the blob may or may not have been stored.
      response.on('close', () => {
        if (response.complete || settled) return;
        if (timedOut) {
          return resolve(
            err({
              kind: 'timeout',
              operation,
              timeoutMs: options.idleTimeoutMs,
              outcome: 'unknown',
            }),
          );
        }
        const cause = interruption === undefined ? 'ECONNRESET' : networkCode(interruption);
        log.warn('upload answer interrupted', { cause });
        resolve(err({ kind: 'unreachable', operation, cause, outcome: 'unknown' }));
      });
      response.on('end', settle);
    });

    let sentBytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        sentBytes += chunk.length;
        options.onProgress?.({ sentBytes, totalBytes });
        callback(null, chunk);
      },
    });
    pipeline(createReadStream(filePath), counter, request).catch(fail);
  });
}
