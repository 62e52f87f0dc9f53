import { err, ok, type Result } from '../../src-common/result';
import { checksumText } from './checksum';
import { encodeText, type Sip2Encoding } from './encoding';
import { CHECKSUM_ID, SEQUENCE_ID } from './fields';
import { MESSAGES, RESEND_CODES, type MessageCode, type OutgoingMessage } from './messages';

export type Terminator = 'CR' | 'CRLF';

export type FrameOptions = {
  encoding: Sip2Encoding;
  terminator: Terminator;
  /** Error detection on: an AZ checksum closes the frame. */
  checksum: boolean;
  /** 0-9, sent as AY when given (never on 97 and 96). */
  sequence?: number;
};

export type BuildProblem =
  | { kind: 'fixed-length'; field: string; expected: number; actual: number }
  | { kind: 'delimiter-in-value'; field: string }
  | { kind: 'bad-sequence'; sequence: number }
  | { kind: 'unencodable'; character: string; encoding: Sip2Encoding };

const TERMINATORS: Record<Terminator, string> = { CR: '\r', CRLF: '\r\n' };

/**
 * A frame's bytes (3M SIP2 2.00, revision 2.12, "Message Format" and "Error Detection"): the code,
 * the fixed fields in layout order, each variable field as two-letter id, value and "|", then
 * "AY" and the sequence digit, then "AZ" and the checksum, then the terminator. A value cannot hold
 * "|", CR or LF (the protocol has no escape), so such a value is refused rather than cut.
 */
export function buildFrame(
  message: OutgoingMessage,
  options: FrameOptions,
): Result<Uint8Array, BuildProblem> {
  const text = frameText(message, options);
  if (!text.ok) return text;
  let body = text.value;
  if (options.checksum) {
    const upToAz = encodeText(body + CHECKSUM_ID, options.encoding);
    if (!upToAz.ok) return upToAz;
    body += CHECKSUM_ID + checksumText(upToAz.value);
  }
  return encodeText(body + TERMINATORS[options.terminator], options.encoding);
}

function frameText(message: OutgoingMessage, options: FrameOptions): Result<string, BuildProblem> {
  const code: MessageCode = message.code;
  const layout = MESSAGES[code];
  let text: string = code;
  const fixed = message.fixed as Record<string, string>;
  for (const [name, length] of layout.fixed) {
    const value = fixed[name] ?? '';
    if (value.length !== length) {
      return err({ kind: 'fixed-length', field: name, expected: length, actual: value.length });
    }
    text += value;
  }
  const fields = message.fields as Record<string, string | string[] | undefined>;
  const pairs: (readonly [string, string])[] = [];
  for (const id of layout.fields as readonly string[]) {
    const value = fields[id];
    for (const one of value === undefined ? [] : Array.isArray(value) ? value : [value]) {
      pairs.push([id, one]);
    }
  }
  pairs.push(...(message.extra ?? []));
  for (const [id, value] of pairs) {
    if (/[|\r\n]/.test(id + value)) return err({ kind: 'delimiter-in-value', field: id });
    text += `${id}${value}|`;
  }
  const { sequence } = options;
  if (sequence !== undefined && !RESEND_CODES.includes(code)) {
    if (!Number.isInteger(sequence) || sequence < 0 || sequence > 9) {
      return err({ kind: 'bad-sequence', sequence });
    }
    text += `${SEQUENCE_ID}${sequence}`;
  }
  return ok(text);
}
