import net from 'node:net';
import tls from 'node:tls';
import { splitFrames } from '../../../src-shared/sip2/frame-splitter';
import type { Sip2ProbeReport } from '../../../src-common/ipc/sip2-probe-report';
import { err, ok } from '../../../src-common/result';
import type { Result } from '../../../src-common/result';
import type { Sip2ProbeOptions } from './probe';

/**
 * The probe's own line to the ACS: one socket, one outstanding request at a time, as SIP2 wants,
 * and what a failed connection says of the settings.
 */

const MAX_FRAME_BYTES = 64 * 1024;

export type Answer =
  | { kind: 'answer'; bytes: Uint8Array }
  | { kind: 'closed' }
  | { kind: 'timeout' }
  | { kind: 'error'; code: string };

/** One socket, one outstanding request at a time, as SIP2 wants. */
export class Line {
  private buffered: Uint8Array = new Uint8Array(0);
  private frames: Uint8Array[] = [];
  private waiting: ((answer: Answer) => void) | undefined;
  private ended: Answer | undefined;

  constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      const joined = new Uint8Array(this.buffered.length + chunk.length);
      joined.set(this.buffered);
      joined.set(chunk, this.buffered.length);
      const split = splitFrames(joined, MAX_FRAME_BYTES);
      this.buffered = split.rest;
      this.frames.push(...split.frames);
      // A TLS alert (0x15 0x03) or other bytes with no CR: no SIP2 frame will come.
      if (split.overflow || (joined[0] === 0x15 && joined[1] === 0x03))
        this.end({ kind: 'closed' });
      this.deliver();
    });
    socket.on('close', () => this.end({ kind: 'closed' }));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      this.end({ kind: 'error', code: error.code ?? 'error' }),
    );
  }

  private end(answer: Answer): void {
    this.ended ??= answer;
    this.deliver();
  }

  private deliver(): void {
    const waiting = this.waiting;
    if (!waiting) return;
    const frame = this.frames.shift();
    if (frame) waiting({ kind: 'answer', bytes: frame });
    else if (this.ended) waiting(this.ended);
    else return;
    this.waiting = undefined;
  }

  exchange(bytes: Uint8Array, timeoutMs: number): Promise<Answer> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        resolve({ kind: 'timeout' });
      }, timeoutMs);
      this.waiting = (answer) => {
        clearTimeout(timer);
        resolve(answer);
      };
      if (!this.ended) this.socket.write(bytes);
      this.deliver();
    });
  }

  /** Resolves when the socket closes (the ACS or this end hung up). */
  closed(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) resolve();
      else this.socket.once('close', () => resolve());
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

/** The connected line, or the socket's error code (ETIMEDOUT when it never connected in time). */
export type Opened = Result<Line, string>;

const CERTIFICATE_ERRORS = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
]);

export function open(options: Sip2ProbeOptions): Promise<Opened> {
  return new Promise((resolve) => {
    const socket = options.tls
      ? tls.connect({
          host: options.host,
          port: options.port,
          ...(options.tls.ca ? { ca: options.tls.ca } : {}),
          servername: options.tls.serverName ?? (net.isIP(options.host) ? '' : options.host),
        })
      : net.connect({ host: options.host, port: options.port });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(err('ETIMEDOUT'));
    }, options.requestTimeoutMs);
    socket.once(options.tls ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(ok(new Line(socket)));
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(err(error.code ?? 'error'));
    });
  });
}

/** Why a connection failed, as the setting that would fix it. */
export function connectHint(
  code: string,
  options: Sip2ProbeOptions,
): Sip2ProbeReport['hints'][number] {
  if (CERTIFICATE_ERRORS.has(code))
    return { hint: 'tls-certificate', settings: ['sip2.tlsCaFile'] };
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return { hint: 'tls-server-name', settings: ['sip2.tlsServerName'] };
  }
  if (options.tls && (code === 'EPROTO' || code === 'ECONNRESET' || code === 'ETIMEDOUT')) {
    return { hint: 'tls-not-spoken', settings: ['sip2.tls'], value: 'false' };
  }
  return { hint: 'unreachable', settings: ['sip2.host', 'sip2.port'] };
}
