import { buildFrame, type Terminator } from '../../../src-shared/sip2/build';
import type { MessageCode, OutgoingMessage } from '../../../src-shared/sip2/messages';
import { parseFrame, type ReceivedMessage } from '../../../src-shared/sip2/parse';
import { decodesCleanly } from '../../../src-shared/sip2/encoding';
import type { Sip2ProbeNote, Sip2ProbeReport } from '../../../src-common/ipc/sip2-probe-report';
import type { Line } from './probe-line';
import type { Sip2ProbeOptions } from './probe';

export type ProbeAsk = (
  message: OutgoingMessage,
  expect: MessageCode,
  terminator?: Terminator,
) => Promise<ReceivedMessage | Unanswered>;

/** A request that brought no usable answer, and why. */
export interface Unanswered {
  unanswered: Sip2ProbeNote;
}

/**
 * The probe's one exchange: builds the request with the settings' framing, sends it on the line
 * open now, and reads the answer, noting how the ACS frames and encodes it (the report's framing)
 * and which settings a mismatch points at (terminator, checksums, encoding). `unanswered` says
 * why there is no answer to read.
 */
export function createProbeAsk(
  options: Sip2ProbeOptions,
  report: Sip2ProbeReport,
  hint: (found: Sip2ProbeReport['hints'][number]) => void,
  currentLine: () => Line,
): ProbeAsk {
  let sequence = 0;
  return async (message, expect, terminator = options.terminator) => {
    const frame = buildFrame(message, {
      encoding: options.encoding,
      terminator,
      checksum: options.checksums,
      ...(options.checksums ? { sequence: sequence++ % 10 } : {}),
    });
    if (!frame.ok) {
      if (frame.error.kind === 'unencodable')
        hint({ hint: 'encoding', settings: ['sip2.encoding'] });
      return { unanswered: { kind: 'not-built', issue: frame.error.kind } };
    }
    const answer = await currentLine().exchange(frame.value, options.requestTimeoutMs);
    if (answer.kind === 'timeout') return { unanswered: { kind: 'no-answer' } };
    if (answer.kind === 'closed') return { unanswered: { kind: 'closed' } };
    if (answer.kind === 'error') {
      return { unanswered: { kind: 'connection-failed', code: answer.code } };
    }
    const parsed = parseFrame(answer.bytes, { encoding: options.encoding, requireChecksum: false });
    if (!parsed.ok) {
      if (parsed.error.kind === 'bad-checksum') {
        report.framing ??= { terminator: terminatorOf(answer.bytes), checksum: 'bad' };
        hint({ hint: 'bad-checksum', settings: ['sip2.encoding', 'sip2.checksums'] });
      }
      return { unanswered: { kind: 'unreadable', issue: parsed.error.kind } };
    }
    const received = parsed.value;
    report.framing ??= { terminator: received.terminator, checksum: received.checksum };
    if (
      received.terminator !== 'none' &&
      received.terminator !== 'LF' &&
      received.terminator !== options.terminator
    ) {
      hint({ hint: 'terminator', settings: ['sip2.terminator'], value: received.terminator });
    }
    if (options.checksums && received.checksum === 'absent') {
      hint({ hint: 'checksums-off', settings: ['sip2.checksums'], value: 'false' });
    }
    if (!options.checksums && received.checksum === 'verified') {
      hint({ hint: 'checksums-on', settings: ['sip2.checksums'], value: 'true' });
    }
    if (received.code === '96') {
      hint({
        hint: options.checksums ? 'bad-checksum' : 'checksums-on',
        settings: ['sip2.checksums', 'sip2.encoding'],
      });
      return { unanswered: { kind: 'asked-again' } };
    }
    // Only bytes the encoding could not read: a U+FFFD the data holds is no encoding problem.
    if (!decodesCleanly(answer.bytes, options.encoding)) {
      hint({ hint: 'encoding', settings: ['sip2.encoding'] });
    }
    if (received.code !== expect) {
      return { unanswered: { kind: 'other-answer', code: received.code, expected: expect } };
    }
    return received;
  };
}

function terminatorOf(bytes: Uint8Array): 'CR' | 'CRLF' | 'LF' | 'none' {
  const last = bytes[bytes.length - 1];
  if (last === 0x0a) return bytes[bytes.length - 2] === 0x0d ? 'CRLF' : 'LF';
  return last === 0x0d ? 'CR' : 'none';
}
