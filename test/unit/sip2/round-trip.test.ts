import { describe, expect, it } from 'vitest';
import { buildFrame, type FrameOptions } from '../../../src-shared/sip2/build';
import { SIP2_ENCODINGS } from '../../../src-shared/sip2/encoding';
import { MESSAGE_CODES, type OutgoingMessage } from '../../../src-shared/sip2/messages';
import { parseFrame } from '../../../src-shared/sip2/parse';
import { SAMPLES } from './samples';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

function roundTrip(message: OutgoingMessage, options: FrameOptions) {
  const built = buildFrame(message, options);
  if (!built.ok) throw new Error(`build failed: ${JSON.stringify(built.error)}`);
  return parseFrame(built.value, { encoding: options.encoding, requireChecksum: options.checksum });
}

describe('every message type, built and parsed back', () => {
  for (const code of MESSAGE_CODES) {
    for (const encoding of ['utf-8', 'latin1', 'cp850'] as const) {
      it(`${code} in ${encoding}, with sequence and checksum, CR`, () => {
        const message = SAMPLES[code];
        const parsed = roundTrip(message, {
          encoding,
          terminator: 'CR',
          checksum: true,
          sequence: 7,
        });
        expect(parsed).toEqual({
          ok: true,
          value: {
            code,
            fixed: message.fixed,
            fields: message.fields,
            missing: [],
            ignored: [],
            // 97 and 96 never carry a sequence number.
            sequence: code === '97' || code === '96' ? undefined : 7,
            checksum: 'verified',
            terminator: 'CR',
          },
        });
      });
    }
    it(`${code} without error detection, CRLF`, () => {
      const parsed = roundTrip(SAMPLES[code], {
        encoding: 'utf-8',
        terminator: 'CRLF',
        checksum: false,
      });
      expect(parsed.ok && parsed.value).toMatchObject({
        code,
        fixed: SAMPLES[code].fixed,
        fields: SAMPLES[code].fields,
        sequence: undefined,
        checksum: 'absent',
        terminator: 'CRLF',
      });
    });
  }

  it('round trips in ASCII whatever is ASCII, and refuses the rest by its character', () => {
    for (const code of MESSAGE_CODES) {
      const built = buildFrame(SAMPLES[code], {
        encoding: 'ascii',
        terminator: 'CR',
        checksum: true,
      });
      if (built.ok) {
        const parsed = parseFrame(built.value, { encoding: 'ascii', requireChecksum: true });
        expect(parsed.ok && parsed.value.fields).toEqual(SAMPLES[code].fields);
      } else {
        expect(built.error).toMatchObject({ kind: 'unencodable', encoding: 'ascii' });
      }
    }
    expect(
      buildFrame(SAMPLES['24'], { encoding: 'ascii', terminator: 'CR', checksum: true }),
    ).toEqual({ ok: false, error: { kind: 'unencodable', character: 'í', encoding: 'ascii' } });
  });

  it('knows the four encodings the settings will offer', () => {
    expect(SIP2_ENCODINGS).toEqual(['ascii', 'utf-8', 'latin1', 'cp850']);
  });
});

describe('buildFrame', () => {
  const options: FrameOptions = { encoding: 'ascii', terminator: 'CR', checksum: false };

  it('writes fixed fields, then variable fields in layout order each closed by "|"', () => {
    const built = buildFrame(
      {
        code: '35',
        fixed: { transactionDate: '20260115    101500' },
        fields: { AA: 'P1', AO: 'I' },
      },
      options,
    );
    expect(built.ok && text(built.value)).toBe('3520260115    101500AOI|AAP1|\r');
  });

  it('sends repeated fields once per value, and extra fields after the layout', () => {
    const built = buildFrame(
      {
        code: '36',
        fixed: { endSession: 'Y', transactionDate: '20260115    101500' },
        fields: { AO: 'I', AA: 'P', AF: ['one', 'two'] },
        extra: [['ZZ', 'local']],
      },
      options,
    );
    expect(built.ok && text(built.value)).toBe(
      '36Y20260115    101500AOI|AAP|AFone|AFtwo|ZZlocal|\r',
    );
  });

  it('puts AY after the last field, then AZ, then the terminator', () => {
    const built = buildFrame(SAMPLES['94'], { ...options, sequence: 0, checksum: true });
    expect(built.ok && text(built.value)).toMatch(/^941AY0AZ[0-9A-F]{4}\r$/);
  });

  it('ends with CR LF when asked', () => {
    const built = buildFrame(SAMPLES['97'], { ...options, terminator: 'CRLF' });
    expect(built.ok && text(built.value)).toBe('97\r\n');
  });

  it('leaves the sequence number off 97 and 96, keeping their checksum', () => {
    for (const code of ['97', '96'] as const) {
      const built = buildFrame(SAMPLES[code], { ...options, sequence: 3, checksum: true });
      expect(built.ok && text(built.value)).toMatch(new RegExp(`^${code}AZ[0-9A-F]{4}\\r$`));
    }
  });

  it('refuses a fixed field of the wrong length, naming it', () => {
    expect(buildFrame({ code: '94', fixed: { ok: '10' }, fields: {} }, options)).toEqual({
      ok: false,
      error: { kind: 'fixed-length', field: 'ok', expected: 1, actual: 2 },
    });
  });

  it('refuses a value holding "|", CR or LF, which the protocol cannot carry', () => {
    for (const bad of ['a|b', 'a\rb', 'a\nb']) {
      const built = buildFrame(
        {
          code: '17',
          fixed: { transactionDate: '20260115    101500' },
          fields: { AO: 'I', AB: bad },
        },
        options,
      );
      expect(built).toEqual({ ok: false, error: { kind: 'delimiter-in-value', field: 'AB' } });
    }
    const extra = buildFrame({ ...SAMPLES['94'], extra: [['Z|', 'x']] }, options);
    expect(extra).toEqual({ ok: false, error: { kind: 'delimiter-in-value', field: 'Z|' } });
  });

  it('refuses a sequence number that is not one digit', () => {
    for (const sequence of [-1, 10, 1.5]) {
      expect(buildFrame(SAMPLES['94'], { ...options, sequence })).toEqual({
        ok: false,
        error: { kind: 'bad-sequence', sequence },
      });
    }
  });

  it('refuses text the encoding lacks, in the checksummed part as in the rest', () => {
    const message = { ...SAMPLES['93'], fields: { CN: 'kiosk', CO: '€uro' } };
    for (const checksum of [true, false]) {
      expect(buildFrame(message, { encoding: 'latin1', terminator: 'CR', checksum })).toEqual({
        ok: false,
        error: { kind: 'unencodable', character: '€', encoding: 'latin1' },
      });
    }
  });
});
