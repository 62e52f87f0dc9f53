import net from 'node:net';
import tls from 'node:tls';
import { err, ok, type Result } from '../../../src-shared/result';
import { buildFrame, type BuildProblem } from '../../../src-shared/sip2/build';
import type { MessageCode, OutgoingMessage } from '../../../src-shared/sip2/messages';
import { parseFrame, type ReceivedMessage } from '../../../src-shared/sip2/parse';
import { readFlag } from '../../../src-shared/sip2/readers';
import { networkCode } from '../../library/library-error';
import { limitRepeats } from '../../../src-shared/log/repeat-limit';
import { lineOf, nextEvent, type AcsLine, type LineAbuse } from './acs-line';
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
  /** Why a request cannot be framed as it is (nothing is sent); undefined when it can. */
  unsendable(message: OutgoingMessage): LinkFailure | undefined;
  exchange<C extends MessageCode>(
    message: OutgoingMessage,
    expect: C,
    signal?: AbortSignal,
  ): Promise<Result<Answer<C>, LinkFailure>>;
  close(): Promise<void>;
};

/** Answers numbered for another request dropped before the connection is taken for broken. */
export const MAX_STRAY_ANSWERS = 3;

export function createSip2Connection(options: Sip2ClientOptions): Sip2Connection {
  // Repeated warnings are counted, not written each time: a hostile ACS chooses how often.
  const warn = limitRepeats(options.log);
  const timeoutMs = options.requestTimeoutMs;
  let wire: AcsLine | undefined;
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

  /** What the kiosk ended a line for, once per line, in the repeat-limited log. */
  function abused(why: LineAbuse): void {
    warn.warn('SIP2: the ACS sent what no request asked for: connection closed', { why });
  }

  function connect(): Promise<Result<AcsLine, string>> {
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
        resolve(ok(lineOf(socket, abused)));
      });
    });
  }

  /**
   * Writes a request and waits for its answer, asking resends of garbled ones. Each write the
   * kiosk makes (the request, a 97, the request again after a 96) gets `requestTimeoutMs`;
   * answers never extend it, so an ACS dripping wrong answers cannot hold the request. After a
   * 97, an answer of the expected message is the resend whatever its sequence number: SIPServer
   * (and Koha's C4/SIP after it) sends the last answer again under AY0.
   */
  async function roundTrip<C extends MessageCode>(
    open: AcsLine,
    bytes: Uint8Array,
    expect: C,
    sent: number | undefined,
    signal?: AbortSignal,
  ): Promise<Result<Answer<C>, LinkFailure>> {
    open.awaiting = true;
    try {
      const answer = await awaitAnswer(open, bytes, expect, sent, signal);
      // More than one answer to one request: what came after cannot be the next request's.
      if (open.events.some((event) => event.kind === 'frame')) {
        abused('unsolicited-frame');
        open.socket.destroy();
      }
      return answer;
    } finally {
      open.awaiting = false;
    }
  }

  async function awaitAnswer<C extends MessageCode>(
    open: AcsLine,
    bytes: Uint8Array,
    expect: C,
    sent: number | undefined,
    signal?: AbortSignal,
  ): Promise<Result<Answer<C>, LinkFailure>> {
    let deadline = write(open, bytes);
    let resends = 0;
    let resent = false;
    let strays = 0;
    const resend = frame(resendRequest, undefined);
    for (;;) {
      const event = await nextEvent(open, deadline, signal);
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
        warn.warn('SIP2: asking for the answer again', { issue, resends });
        // 96: the ACS could not read the request, which goes again as it was; else ask with 97.
        resent = !parsed.ok && resend.ok;
        deadline = write(open, resent && resend.ok ? resend.value : bytes);
        continue;
      }
      const message = parsed.value;
      const resendOfThis = resent && message.code === expect;
      // An answer numbered for another request is a late one: not this request's.
      if (
        !resendOfThis &&
        sent !== undefined &&
        message.sequence !== undefined &&
        message.sequence !== sent
      ) {
        strays += 1;
        warn.warn('SIP2: an answer with another sequence number was dropped', {
          code: message.code,
        });
        if (strays >= MAX_STRAY_ANSWERS) return err({ kind: 'garbled', issue: 'out-of-sequence' });
        continue;
      }
      if (message.code !== expect) return err({ kind: 'unexpected', code: message.code });
      return ok(message as Answer<C>);
    }
  }

  /** Sends bytes on the line; the answer is due by the deadline returned. */
  function write(open: AcsLine, bytes: Uint8Array): number {
    open.socket.write(bytes);
    return Date.now() + timeoutMs;
  }

  /** A logged-in connection: the one open, or a new one. */
  async function opened(): Promise<Result<AcsLine, LinkFailure>> {
    if (wire && !wire.closed) return ok(wire);
    hangUp();
    const connected = await connect();
    if (!connected.ok) {
      warn.warn('SIP2: cannot connect', { cause: connected.error });
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
        warn.warn('SIP2: the login was not accepted', { cause });
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
    unsendable(message) {
      const framable = frame(message, undefined);
      return framable.ok ? undefined : { kind: 'unsendable', problem: framable.error };
    },
    exchange(message, expect, signal) {
      const run = tail.then(() => exchangeNow(message, expect, signal));
      tail = run.catch(() => undefined);
      return run;
    },
    async close() {
      await tail.catch(() => undefined);
      hangUp();
      warn.flush();
    },
  };
}
