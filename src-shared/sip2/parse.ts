import { err, ok, type Result } from '../../src-common/result';
import { verifyChecksum } from './checksum';
import { decodeBytes, type Sip2Encoding } from './encoding';
import { CHECKSUM_ID, SEQUENCE_ID, isRepeatable } from './fields';
import {
  MESSAGES,
  fixedLength,
  isMessageCode,
  layoutIds,
  type FieldsReceived,
  type FixedOf,
  type LayoutId,
  type MessageCode,
} from './messages';

export type ParseOptions = {
  encoding: Sip2Encoding;
  /** Error detection on: a frame without AZ is refused, as the other end should have sent one. */
  requireChecksum: boolean;
};

/** A field the layout does not read: kept so a probe or a log can say what an ACS sent. */
export type IgnoredField = {
  id: string;
  value: string;
  reason: 'not-in-layout' | 'repeated' | 'malformed';
};

export type ReceivedMessage = {
  [C in MessageCode]: {
    code: C;
    fixed: FixedOf<C>;
    /** Absent fields are absent; a field sent empty is "" (not the same thing to a reader). */
    fields: FieldsReceived<C>;
    /** Fields the specification requires that the frame lacks: tolerated, and reported. */
    missing: LayoutId<C>[];
    ignored: IgnoredField[];
    sequence: number | undefined;
    checksum: 'verified' | 'absent';
    terminator: 'CR' | 'CRLF' | 'LF' | 'none';
  };
}[MessageCode];

export type ParseProblem =
  | { kind: 'empty' }
  | { kind: 'bad-checksum'; expected: string; received: string }
  | { kind: 'missing-checksum' }
  | { kind: 'unknown-message'; code: string }
  | { kind: 'short-fixed-fields'; code: MessageCode; expected: number; actual: number }
  | { kind: 'bad-sequence'; text: string };

const CR = 0x0d;
const LF = 0x0a;

/**
 * One received frame, as bytes, to a message or a problem; it never throws. The checksum is
 * checked over the bytes before anything is decoded (see checksum.ts). Read tolerantly, as real
 * ACSs differ from the specification: variable fields in any order, required ones missing, unknown
 * ids, a stray LF before the frame, LF alone or no terminator, "|" before AY or AZ.
 */
export function parseFrame(
  received: Uint8Array,
  options: ParseOptions,
): Result<ReceivedMessage, ParseProblem> {
  let start = 0;
  while (start < received.length && (received[start] === LF || received[start] === CR)) start++;
  const { end, terminator } = terminatorOf(received, start);
  const check = verifyChecksum(received.subarray(start, end));
  if (check.kind === 'bad-checksum') return err(check);
  if (check.kind === 'absent' && options.requireChecksum) return err({ kind: 'missing-checksum' });
  const trailer = check.kind === 'verified';
  const text = decodeBytes(received.subarray(start, trailer ? end - 6 : end), options.encoding);
  if (text.length === 0) return err({ kind: 'empty' });
  const code = text.slice(0, 2);
  if (!isMessageCode(code)) return err({ kind: 'unknown-message', code });
  const needed = 2 + fixedLength(code);
  if (text.length < needed) {
    return err({ kind: 'short-fixed-fields', code, expected: needed, actual: text.length });
  }
  const fixed: Record<string, string> = {};
  let at = 2;
  for (const [name, length] of MESSAGES[code].fixed) {
    fixed[name] = text.slice(at, at + length);
    at += length;
  }
  const variable = readVariable(code, text.slice(at));
  if (!variable.ok) return variable;
  const { fields, ignored, sequence } = variable.value;
  const missing = MESSAGES[code].required.filter((id: string) => fields[id] === undefined);
  return ok({
    code,
    fixed,
    fields,
    missing,
    ignored,
    sequence,
    checksum: trailer ? 'verified' : 'absent',
    terminator,
  } as ReceivedMessage);
}

function terminatorOf(
  bytes: Uint8Array,
  start: number,
): { end: number; terminator: ReceivedMessage['terminator'] } {
  const length = bytes.length;
  if (length - start >= 2 && bytes[length - 2] === CR && bytes[length - 1] === LF) {
    return { end: length - 2, terminator: 'CRLF' };
  }
  if (length > start && bytes[length - 1] === CR) return { end: length - 1, terminator: 'CR' };
  if (length > start && bytes[length - 1] === LF) return { end: length - 1, terminator: 'LF' };
  return { end: length, terminator: 'none' };
}

type Variable = {
  fields: Record<string, string | string[]>;
  ignored: IgnoredField[];
  sequence: number | undefined;
};

function readVariable(code: MessageCode, text: string): Result<Variable, ParseProblem> {
  const known = new Set<string>(layoutIds(code));
  const fields: Record<string, string | string[]> = {};
  const ignored: IgnoredField[] = [];
  let sequence: number | undefined;
  for (const segment of text.split('|')) {
    if (segment === '') continue;
    const id = segment.slice(0, 2);
    const value = segment.slice(2);
    if (!/^[A-Z]{2}$/.test(id)) {
      ignored.push({ id, value, reason: 'malformed' });
    } else if (id === CHECKSUM_ID) {
      // An AZ that is not the frame's last 6 characters is a checksum we cannot trust.
      return err({ kind: 'bad-checksum', expected: '', received: value });
    } else if (id === SEQUENCE_ID) {
      if (!/^\d$/.test(value)) return err({ kind: 'bad-sequence', text: value });
      if (sequence === undefined) sequence = Number(value);
      else ignored.push({ id, value, reason: 'repeated' });
    } else if (!known.has(id)) {
      ignored.push({ id, value, reason: 'not-in-layout' });
    } else if (isRepeatable(id)) {
      const list = fields[id];
      if (Array.isArray(list)) list.push(value);
      else fields[id] = [value];
    } else if (fields[id] === undefined) {
      fields[id] = value;
    } else {
      ignored.push({ id, value, reason: 'repeated' });
    }
  }
  return ok({ fields, ignored, sequence });
}

/** The typed view of a message of one code, for a caller that expects that answer. */
export function messageOf<C extends MessageCode>(
  message: ReceivedMessage,
  code: C,
): Extract<ReceivedMessage, { code: C }> | undefined {
  return message.code === code ? (message as Extract<ReceivedMessage, { code: C }>) : undefined;
}
