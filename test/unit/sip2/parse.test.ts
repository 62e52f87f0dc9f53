import { describe, expect, it } from 'vitest';
import { checksumText } from '../../../src-shared/sip2/checksum';
import { parseFrame, messageOf, type ParseOptions } from '../../../src-shared/sip2/parse';

const D = '20260115    101500';
const bytes = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));
/** Closes a frame with AZ and its checksum, as a sender with error detection on would. */
const summed = (text: string) => `${text}AZ${checksumText(bytes(`${text}AZ`))}`;
const lenient: ParseOptions = { encoding: 'ascii', requireChecksum: false };
const strict: ParseOptions = { encoding: 'ascii', requireChecksum: true };
const parse = (text: string, options = lenient) => parseFrame(bytes(text), options);

describe('parseFrame: framing', () => {
  it.each([
    ['CR', '941\r', 'CR'],
    ['CR LF', '941\r\n', 'CRLF'],
    ['LF alone', '941\n', 'LF'],
    ['no terminator', '941', 'none'],
  ])('reads a frame ended by %s', (_, frame, terminator) => {
    expect(parse(frame)).toMatchObject({ ok: true, value: { code: '94', terminator } });
  });

  it('skips a stray LF before the frame (the tail of a CR LF read up to the CR)', () => {
    expect(parse('\n941\r')).toMatchObject({ ok: true, value: { code: '94', fixed: { ok: '1' } } });
  });

  it.each([[''], ['\r'], ['\r\n'], ['\n\n']])('calls %j empty', (frame) => {
    expect(parse(frame)).toEqual({ ok: false, error: { kind: 'empty' } });
  });

  it('calls a frame that is only a valid checksum empty', () => {
    expect(parse(`${summed('')}\r`)).toEqual({ ok: false, error: { kind: 'empty' } });
  });

  it('refuses a code it has no layout for, naming it', () => {
    expect(parse('37Y\r')).toEqual({ ok: false, error: { kind: 'unknown-message', code: '37' } });
    expect(parse('9\r')).toEqual({ ok: false, error: { kind: 'unknown-message', code: '9' } });
  });

  it('refuses a frame shorter than its fixed fields', () => {
    expect(parse(`12${D}\r`)).toEqual({
      ok: false,
      error: { kind: 'short-fixed-fields', code: '12', expected: 24, actual: 20 },
    });
  });
});

describe('parseFrame: checksum and sequence number', () => {
  it('verifies a checksum, in upper or lower case hex', () => {
    const frame = summed('941AY3');
    expect(parse(`${frame}\r`, strict)).toMatchObject({
      ok: true,
      value: { checksum: 'verified', sequence: 3 },
    });
    expect(parse(`${frame.toLowerCase().replace('941ay3az', '941AY3AZ')}\r`, strict)).toMatchObject(
      {
        ok: true,
      },
    );
  });

  it('says bad-checksum, with both values, when the sum differs', () => {
    expect(parse('941AY3AZ0000\r')).toEqual({
      ok: false,
      error: { kind: 'bad-checksum', expected: checksumText(bytes('941AY3AZ')), received: '0000' },
    });
  });

  it('says bad-checksum when the four characters after AZ are not hex', () => {
    expect(parse('941AY3AZ12G4\r')).toMatchObject({ ok: false, error: { kind: 'bad-checksum' } });
  });

  it('refuses an AZ short of its four digits: as part of AY, or as a checksum not at the end', () => {
    expect(parse('941AY3AZ12\r')).toMatchObject({ ok: false, error: { kind: 'bad-sequence' } });
    expect(parse('941AZ12\r')).toEqual({
      ok: false,
      error: { kind: 'bad-checksum', expected: '', received: '12' },
    });
  });

  it('accepts no checksum when error detection is off, and refuses it when on', () => {
    expect(parse('941AY3\r')).toMatchObject({
      ok: true,
      value: { checksum: 'absent', sequence: 3 },
    });
    expect(parse('941AY3\r', strict)).toEqual({ ok: false, error: { kind: 'missing-checksum' } });
  });

  it('reads AY after a "|" as well as straight after the last field', () => {
    expect(parse(`${summed('36Y' + D + 'AOI|AAP|AY4|')}\r`, strict)).toMatchObject({
      ok: true,
      value: { sequence: 4, fields: { AO: 'I', AA: 'P' } },
    });
  });

  it('says bad-sequence when AY is not one digit', () => {
    for (const value of ['', '12', 'x']) {
      expect(parse(`941AY${value}\r`)).toEqual({
        ok: false,
        error: { kind: 'bad-sequence', text: value },
      });
    }
  });

  it('keeps the first AY and reports a second', () => {
    expect(parse('941AY1|AY2\r')).toMatchObject({
      ok: true,
      value: { sequence: 1, ignored: [{ id: 'AY', value: '2', reason: 'repeated' }] },
    });
  });
});

describe('parseFrame: variable fields, read tolerantly', () => {
  const checkin = (variable: string) => parse(`101NNY${D}${variable}\r`);

  it('reads fields in any order', () => {
    expect(checkin('AQMAIN|ABX1|AOI|')).toMatchObject({
      ok: true,
      value: { fields: { AO: 'I', AB: 'X1', AQ: 'MAIN' }, missing: [] },
    });
  });

  it('tells an empty field ("") from an absent one (undefined)', () => {
    const parsed = checkin('AOI|ABX1|AQMAIN|AJ|');
    expect(parsed.ok && parsed.value.fields).toEqual({ AO: 'I', AB: 'X1', AQ: 'MAIN', AJ: '' });
  });

  it('tolerates and reports missing required fields', () => {
    expect(checkin('ABX1|')).toMatchObject({
      ok: true,
      value: { fields: { AB: 'X1' }, missing: ['AO', 'AQ'] },
    });
  });

  it('collects repeated fields into lists in the order sent', () => {
    expect(checkin('AOI|ABX1|AQM|AFone|AGline 1|AFtwo|AGline 2|')).toMatchObject({
      ok: true,
      value: { fields: { AF: ['one', 'two'], AG: ['line 1', 'line 2'] }, ignored: [] },
    });
  });

  it('keeps the first of a field that may not repeat, and reports the others', () => {
    expect(checkin('AOI|ABX1|ABX2|AQM|')).toMatchObject({
      ok: true,
      value: { fields: { AB: 'X1' }, ignored: [{ id: 'AB', value: 'X2', reason: 'repeated' }] },
    });
  });

  it('reports fields outside the layout, and segments that are not a field', () => {
    expect(checkin('AOI|ABX1|AQM|ZZmine|AUnot here|x|1Abad|')).toMatchObject({
      ok: true,
      value: {
        ignored: [
          { id: 'ZZ', value: 'mine', reason: 'not-in-layout' },
          { id: 'AU', value: 'not here', reason: 'not-in-layout' },
          { id: 'x', value: '', reason: 'malformed' },
          { id: '1A', value: 'bad', reason: 'malformed' },
        ],
      },
    });
  });

  it('ignores empty segments ("||") and a missing last "|"', () => {
    expect(checkin('AOI||ABX1|AQM')).toMatchObject({
      ok: true,
      value: { fields: { AO: 'I', AB: 'X1', AQ: 'M' }, ignored: [] },
    });
  });

  it('decodes field text with the encoding, after the checksum over its bytes', () => {
    const frame = Uint8Array.from([
      ...bytes(`24 ${' '.repeat(13)}001${D}AOI|AAP|AEJos`),
      0x82,
      ...bytes('|'),
    ]);
    const parsed = parseFrame(frame, { encoding: 'cp850', requireChecksum: false });
    expect(parsed.ok && parsed.value.fields).toMatchObject({ AE: 'José' });
  });

  it('gives the typed view of an expected answer, and nothing for another', () => {
    const parsed = parse('941\r');
    if (!parsed.ok) throw new Error('expected a message');
    expect(messageOf(parsed.value, '94')?.fixed.ok).toBe('1');
    expect(messageOf(parsed.value, '98')).toBeUndefined();
  });
});
