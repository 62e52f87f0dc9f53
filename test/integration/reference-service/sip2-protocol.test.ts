import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFrame } from '../../../src-shared/sip2/build';
import { checksumText, verifyChecksum } from '../../../src-shared/sip2/checksum';
import type { OutgoingMessage } from '../../../src-shared/sip2/messages';
import { parseFrame } from '../../../src-shared/sip2/parse';
import type { RunningSip2 } from '../../../src-reference-service/index';
import { startFixture, type ServiceFixture } from '../../support/service-fixture';
import { loggedInWire, openSip2Wire, type Sip2Wire } from '../../support/sip2-wire';

let fx: ServiceFixture;
let sip2: RunningSip2;
let wire: Sip2Wire;
beforeAll(async () => {
  fx = await startFixture({ sip2: { port: 0 } });
  if (!fx.service.sip2) throw new Error('started without its SIP2 listener');
  sip2 = fx.service.sip2;
  wire = await loggedInWire(sip2);
});
afterAll(async () => {
  wire?.close();
  await fx?.stop();
});

const STATUS: OutgoingMessage<'99'> = {
  code: '99',
  fixed: { statusCode: '0', maxPrintWidth: '040', protocolVersion: '2.00' },
  fields: {},
};
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const frame = (
  message: OutgoingMessage,
  options: { checksum: boolean; terminator: 'CR' | 'CRLF'; sequence?: number },
) => {
  const built = buildFrame(message, { encoding: 'utf-8', ...options });
  if (!built.ok) throw new Error(built.error.kind);
  return built.value;
};

describe('framing', () => {
  it('answers a CR request with CR, and a CR LF request with CR LF', async () => {
    const cr = await wire.raw(frame(STATUS, { checksum: true, terminator: 'CR' }));
    const crlf = await wire.raw(frame(STATUS, { checksum: true, terminator: 'CRLF' }));
    expect([
      text(cr).endsWith('\r') && !text(cr).endsWith('\r\n'),
      text(crlf).endsWith('\r\n'),
    ]).toEqual([true, true]);
  });

  it('echoes the sequence number and checksums the answer when the request had a checksum', async () => {
    const answer = await wire.raw(frame(STATUS, { checksum: true, terminator: 'CR', sequence: 7 }));
    const parsed = parseFrame(answer, { encoding: 'utf-8', requireChecksum: true });
    expect(parsed.ok && [parsed.value.sequence, parsed.value.checksum]).toEqual([7, 'verified']);
  });

  it('sends no checksum to a request without one', async () => {
    const answer = await wire.raw(frame(STATUS, { checksum: false, terminator: 'CR' }));
    expect(verifyChecksum(answer.subarray(0, -1)).kind).toBe('absent');
  });

  it('answers requests sent together one at a time, in their order', async () => {
    const first = frame(STATUS, { checksum: true, terminator: 'CR', sequence: 1 });
    const second = frame(
      {
        code: '17',
        fixed: { transactionDate: ' '.repeat(18) },
        fields: { AO: 'HCL', AB: 'nothing-here' },
      },
      { checksum: true, terminator: 'CR', sequence: 2 },
    );
    const both = new Uint8Array([...first, ...second]);
    const answers = [await wire.raw(both), await wire.raw(new Uint8Array(0))];
    const codes = answers.map((bytes) => {
      const parsed = parseFrame(bytes, { encoding: 'utf-8', requireChecksum: true });
      return parsed.ok ? [parsed.value.code, parsed.value.sequence] : parsed.error.kind;
    });
    expect(codes).toEqual([
      ['98', 1],
      ['18', 2],
    ]);
  });
});

describe('checksums and resends', () => {
  it('answers 96 (request SC resend), with its own checksum, to a request whose checksum is wrong', async () => {
    const good = text(frame(STATUS, { checksum: true, terminator: 'CR', sequence: 3 }));
    // The checksum's last digit changed: four hex digits still, but not the sum.
    const wrong = `${good.slice(0, -2)}${good.at(-2) === '0' ? '1' : '0'}\r`;
    const answer = await wire.raw(wrong);
    expect(text(answer)).toMatch(/^96AZ[0-9A-F]{4}\r$/);
    expect(verifyChecksum(answer.subarray(0, -1)).kind).toBe('verified');
  });

  it('answers 97 (request ACS resend) with the last answer again, byte for byte', async () => {
    const last = await wire.raw(frame(STATUS, { checksum: true, terminator: 'CR', sequence: 4 }));
    const upTo = Buffer.from('97AZ', 'latin1');
    const resend = await wire.raw(`97AZ${checksumText(upTo)}\r`);
    expect(text(resend)).toBe(text(last));
  });

  it('answers 97 on a new line with 96, as it has said nothing yet', async () => {
    const line = await openSip2Wire(sip2);
    const answer = await line.raw('97\r');
    line.close();
    expect(text(answer)).toBe('96\r');
  });

  it('answers 96 to a frame it cannot read (an unknown message code)', async () => {
    expect(text(await wire.raw('XX0000\r'))).toBe('96\r');
  });
});
