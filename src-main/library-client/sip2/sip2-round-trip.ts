import { err, ok, type Result } from '../../../src-common/result';
import type { buildFrame } from '../../../src-shared/sip2/build';
import type { MessageCode, OutgoingMessage } from '../../../src-shared/sip2/messages';
import { parseFrame } from '../../../src-shared/sip2/parse';
import type { RepeatLimitedLogger } from '../../../src-shared/log/repeat-limit';
import { nextEvent, type AcsLine, type LineAbuse } from './acs-line';
import { resendRequest } from './requests';
import type { Answer, LinkFailure } from './sip2-connection';
import type { Sip2ClientOptions } from './sip2-types';

/** Answers numbered for another request dropped before the connection is taken for broken. */
export const MAX_STRAY_ANSWERS = 3;

/** What a round trip needs of its connection: the settings, its log, its framing, its abuse report. */
export interface LinkContext {
  options: Sip2ClientOptions;
  warn: RepeatLimitedLogger;
  frame(message: OutgoingMessage, numbered: number | undefined): ReturnType<typeof buildFrame>;
  abused(why: LineAbuse): void;
}

/**
 * Writes a request and waits for its answer, asking resends of garbled ones. Each write the
 * kiosk makes (the request, a 97, the request again after a 96) gets `requestTimeoutMs`;
 * answers never extend it, so an ACS dripping wrong answers cannot hold the request. After a
 * 97, an answer of the expected message is the resend whatever its sequence number: SIPServer
 * (and Koha's C4/SIP after it) sends the last answer again under AY0.
 */
export async function roundTrip<C extends MessageCode>(
  link: LinkContext,
  open: AcsLine,
  bytes: Uint8Array,
  expect: C,
  sent: number | undefined,
  signal?: AbortSignal,
): Promise<Result<Answer<C>, LinkFailure>> {
  open.awaiting = true;
  try {
    const answer = await awaitAnswer(link, open, bytes, expect, sent, signal);
    // More than one answer to one request: what came after cannot be the next request's.
    if (open.events.some((event) => event.kind === 'frame')) {
      link.abused('unsolicited-frame');
      open.socket.destroy();
    }
    return answer;
  } finally {
    open.awaiting = false;
  }
}

async function awaitAnswer<C extends MessageCode>(
  link: LinkContext,
  open: AcsLine,
  bytes: Uint8Array,
  expect: C,
  sent: number | undefined,
  signal?: AbortSignal,
): Promise<Result<Answer<C>, LinkFailure>> {
  const { options, warn, frame } = link;
  let deadline = write(open, bytes, options.requestTimeoutMs);
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
      deadline = write(open, resent && resend.ok ? resend.value : bytes, options.requestTimeoutMs);
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
function write(open: AcsLine, bytes: Uint8Array, timeoutMs: number): number {
  open.socket.write(bytes);
  return Date.now() + timeoutMs;
}
