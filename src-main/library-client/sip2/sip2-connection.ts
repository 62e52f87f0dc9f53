import { err, ok, type Result } from '../../../src-common/result';
import { buildFrame, type BuildProblem } from '../../../src-shared/sip2/build';
import type { MessageCode, OutgoingMessage } from '../../../src-shared/sip2/messages';
import type { ReceivedMessage } from '../../../src-shared/sip2/parse';
import { readFlag } from '../../../src-shared/sip2/readers';
import { limitRepeats } from '../../../src-shared/log/repeat-limit';
import type { AcsLine, LineAbuse } from './acs-line';
import { dialAcs } from './sip2-dial';
import { roundTrip } from './sip2-round-trip';
import { loginRequest } from './requests';
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

export { MAX_STRAY_ANSWERS } from './sip2-round-trip';

export function createSip2Connection(options: Sip2ClientOptions): Sip2Connection {
  // Repeated warnings are counted, not written each time: a hostile ACS chooses how often.
  const warn = limitRepeats(options.log);
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

  const link = { options, warn, frame, abused };

  /** A logged-in connection: the one open, or a new one. */
  async function opened(): Promise<Result<AcsLine, LinkFailure>> {
    if (wire && !wire.closed) return ok(wire);
    hangUp();
    const connected = await dialAcs(options, abused);
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
      const answer = await roundTrip(link, fresh, login.value, '94', numbered);
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
    const answer = await roundTrip(link, open.value, bytes.value, expect, sent, signal);
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
