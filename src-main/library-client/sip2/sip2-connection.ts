import net from 'node:net';
import tls from 'node:tls';
import { err, ok, type Result } from '../../../src-shared/result';
import { buildFrame, type BuildProblem } from '../../../src-shared/sip2/build';
import { splitFrames } from '../../../src-shared/sip2/frame-splitter';
import type { MessageCode, OutgoingMessage } from '../../../src-shared/sip2/messages';
import { parseFrame, type ReceivedMessage } from '../../../src-shared/sip2/parse';
import { readFlag } from '../../../src-shared/sip2/readers';
import { networkCode } from '../errors';
import { loginRequest, resendRequest } from './requests';
import type { Sip2ClientOptions } from './sip2-types';

/**
 * One SIP2 connection to the ACS, used one request at a time: SIP2 has no request ids, so an
 * answer belongs to the one request outstanding. Connects (TCP or TLS) and logs in (93) when a
 * request needs it, asks a resend (97) of a garbled answer, resends its request when the ACS asks
 * (96), and hangs up after any failure, so a late answer can never pass for the next one's.
 */

/** Why an exchange failed, in terms of what reached the ACS. */
export type LinkFailure =
  /** Nothing was sent: no connection, or the login was refused. */
  | { kind: 'not-sent'; cause: string }
  /** The request cannot be framed as it is (a value with "|", a character the encoding lacks). */
  | { kind: 'unsendable'; problem: BuildProblem }
  /** Sent, and no answer came: none in time, the caller stopped waiting, or the connection dropped. */
  | { kind: 'no-answer'; cause: 'timeout' | 'cancelled' | string }
  /** Sent, and every answer (after the resends allowed) was unreadable. */
  | { kind: 'garbled'; issue: string }
  /** Sent, and the answer was another message than this request's. */
  | { kind: 'unexpected'; code: string };

export type Answer<C extends MessageCode> = Extract<ReceivedMessage, { code: C }>;

export type Sip2Connection = {
  exchange<C extends MessageCode>(
    message: OutgoingMessage,
    expect: C,
    signal?: AbortSignal,
  ): Promise<Result<Answer<C>, LinkFailure>>;
  close(): Promise<void>;
};

/** A frame longer than this is not SIP2: the connection is dropped rather than buffered on. */
const MAX_FRAME_BYTES = 64 * 1024;

type WireEvent = { kind: 'frame'; bytes: Uint8Array } | { kind: 'closed'; cause: string };

/** A socket cut into frames, with a waiter for the next one. */
type Wire = {
  socket: net.Socket;
  events: WireEvent[];
  wake: (() => void) | undefined;
  closed: boolean;
};

function wireOf(socket: net.Socket): Wire {
  const wire: Wire = { socket, events: [], wake: undefined, closed: false };
  let buffered: Uint8Array = new Uint8Array(0);
  let cause: string | undefined;
  const push = (event: WireEvent) => {
    wire.events.push(event);
    wire.wake?.();
  };
  socket.setNoDelay(true);
  socket.on('data', (chunk: Buffer) => {
    const joined = new Uint8Array(buffered.length + chunk.length);
    joined.set(buffered);
    joined.set(chunk, buffered.length);
    const split = splitFrames(joined, MAX_FRAME_BYTES);
    buffered = split.rest;
    for (const bytes of split.frames) push({ kind: 'frame', bytes });
    if (split.overflow) {
      cause = 'frame-too-long';
      socket.destroy();
    }
  });
  socket.on('error', (error) => {
    cause ??= networkCode(error);
  });
  socket.on('close', () => {
    wire.closed = true;
    push({ kind: 'closed', cause: cause ?? 'connection-closed' });
  });
  return wire;
}

/** The next frame or the end of the connection; `timeout` after `ms` of silence. */
function nextEvent(
  wire: Wire,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<WireEvent | 'timeout' | 'cancelled'> {
  const ready = wire.events.shift();
  if (ready) return Promise.resolve(ready);
  if (signal?.aborted) return Promise.resolve('cancelled');
  return new Promise((resolve) => {
    const finish = (event: WireEvent | 'timeout' | 'cancelled') => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
      wire.wake = undefined;
      resolve(event);
    };
    const cancel = () => finish('cancelled');
    const timer = setTimeout(() => finish('timeout'), ms);
    signal?.addEventListener('abort', cancel, { once: true });
    wire.wake = () => {
      const event = wire.events.shift();
      if (event) finish(event);
    };
  });
}

export function createSip2Connection(options: Sip2ClientOptions): Sip2Connection {
  const log = options.log;
  const timeoutMs = options.requestTimeoutMs;
  let wire: Wire | undefined;
  let sequence = 0;
  let tail: Promise<unknown> = Promise.resolve();

  const frame = (message: OutgoingMessage, numbered: number | undefined) =>
    buildFrame(message, {
      encoding: options.encoding,
      terminator: options.terminator,
      checksum: options.checksums,
      ...(numbered === undefined ? {} : { sequence: numbered }),
    });

  /** The sequence number of the request about to go (0-9, round and round), with error detection on. */
  function takeSequence(): number | undefined {
    if (!options.checksums) return undefined;
    const current = sequence;
    sequence = (sequence + 1) % 10;
    return current;
  }

  function hangUp(): void {
    wire?.socket.destroy();
    wire = undefined;
  }

  function connect(): Promise<Result<Wire, string>> {
    return new Promise((resolve) => {
      const { host, port } = options;
      const socket = options.tls
        ? tls.connect({
            host,
            port,
            ...(options.tls.ca ? { ca: options.tls.ca } : {}),
            ...(options.tls.serverName
              ? { servername: options.tls.serverName }
              : net.isIP(host) === 0
                ? { servername: host }
                : {}),
          })
        : net.connect({ host, port });
      const timer = setTimeout(() => fail(new Error('connect-timeout')), timeoutMs);
      const fail = (error: unknown) => {
        clearTimeout(timer);
        socket.destroy();
        const code = networkCode(error);
        resolve(err(code === 'network-error' && error instanceof Error ? error.message : code));
      };
      socket.once('error', fail);
      socket.once(options.tls ? 'secureConnect' : 'connect', () => {
        clearTimeout(timer);
        socket.off('error', fail);
        resolve(ok(wireOf(socket)));
      });
    });
  }

  /** Writes a request and waits for its answer, asking resends of garbled ones. */
  async function roundTrip<C extends MessageCode>(
    open: Wire,
    bytes: Uint8Array,
    expect: C,
    sent: number | undefined,
    signal?: AbortSignal,
  ): Promise<Result<Answer<C>, LinkFailure>> {
    // A frame the ACS sent unasked, before this request, is not its answer.
    open.events = open.events.filter((event) => event.kind === 'closed');
    open.socket.write(bytes);
    let resends = 0;
    const resend = frame(resendRequest, undefined);
    for (;;) {
      const event = await nextEvent(open, timeoutMs, signal);
      if (event === 'timeout' || event === 'cancelled')
        return err({ kind: 'no-answer', cause: event });
      if (event.kind === 'closed') return err({ kind: 'no-answer', cause: event.cause });
      const parsed = parseFrame(event.bytes, {
        encoding: options.encoding,
        requireChecksum: options.checksums,
      });
      const again = !parsed.ok || parsed.value.code === '96';
      if (again) {
        const issue = parsed.ok ? 'resend-requested' : parsed.error.kind;
        if (resends >= options.retries) return err({ kind: 'garbled', issue });
        resends += 1;
        log.warn('SIP2: asking for the answer again', { issue, resends });
        // 96: the ACS could not read the request, which goes again as it was; else ask with 97.
        open.socket.write(parsed.ok ? bytes : resend.ok ? resend.value : bytes);
        continue;
      }
      const message = parsed.value;
      // An answer numbered for another request is a late one: not this request's.
      if (sent !== undefined && message.sequence !== undefined && message.sequence !== sent) {
        log.warn('SIP2: an answer with another sequence number was dropped', {
          code: message.code,
        });
        continue;
      }
      if (message.code !== expect) return err({ kind: 'unexpected', code: message.code });
      return ok(message as Answer<C>);
    }
  }

  /** A logged-in connection: the one open, or a new one. */
  async function opened(): Promise<Result<Wire, LinkFailure>> {
    if (wire && !wire.closed) return ok(wire);
    hangUp();
    const connected = await connect();
    if (!connected.ok) {
      log.warn('SIP2: cannot connect', { cause: connected.error });
      return err({ kind: 'not-sent', cause: connected.error });
    }
    const fresh = connected.value;
    if (options.loginUser !== '') {
      const numbered = takeSequence();
      const login = frame(
        loginRequest(options.loginUser, options.loginPassword, options.locationCode),
        numbered,
      );
      if (!login.ok) {
        fresh.socket.destroy();
        return err({ kind: 'not-sent', cause: `login-unsendable (${login.error.kind})` });
      }
      const answer = await roundTrip(fresh, login.value, '94', numbered);
      if (!answer.ok || readFlag(answer.value.fixed.ok) !== 'yes') {
        fresh.socket.destroy();
        const cause = answer.ok ? 'login-refused' : `login-failed (${answer.error.kind})`;
        log.warn('SIP2: the login was not accepted', { cause });
        return err({ kind: 'not-sent', cause });
      }
    }
    wire = fresh;
    return ok(fresh);
  }

  async function exchangeNow<C extends MessageCode>(
    message: OutgoingMessage,
    expect: C,
    signal: AbortSignal | undefined,
  ): Promise<Result<Answer<C>, LinkFailure>> {
    if (signal?.aborted) return err({ kind: 'not-sent', cause: 'cancelled' });
    // Refused before connecting when it cannot be framed; numbered once logged in, so in order.
    const framable = frame(message, undefined);
    if (!framable.ok) return err({ kind: 'unsendable', problem: framable.error });
    const open = await opened();
    if (!open.ok) return open;
    const sent = takeSequence();
    const bytes = frame(message, sent);
    if (!bytes.ok) return err({ kind: 'unsendable', problem: bytes.error });
    const answer = await roundTrip(open.value, bytes.value, expect, sent, signal);
    if (!answer.ok) hangUp();
    return answer;
  }

  return {
    exchange(message, expect, signal) {
      const run = tail.then(() => exchangeNow(message, expect, signal));
      tail = run.catch(() => undefined);
      return run;
    },
    async close() {
      await tail.catch(() => undefined);
      hangUp();
    },
  };
}
