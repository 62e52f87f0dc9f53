import net from 'node:net';
import { buildFrame, type Terminator } from '../../src-shared/sip2/build';
import { splitFrames } from '../../src-shared/sip2/frame-splitter';
import type { OutgoingMessage } from '../../src-shared/sip2/messages';
import { parseFrame } from '../../src-shared/sip2/parse';

/**
 * A small ACS over real TCP, built on the codec, so each way an ACS can differ from the kiosk's
 * settings is one option: its password, terminator, error detection. The reference service's
 * listener answers in the terminator and with the checksums the kiosk sends, so it cannot show
 * the kiosk a mismatch; this one keeps its own, as Koha, Evergreen and edge-sip2 do.
 */
export type AcsOptions = {
  password: string;
  terminator: Terminator;
  checksums: boolean;
  institution: string;
  /** The ACS's clock: its date/time sync in each status answer (absent, a fixed local date). */
  dateTimeSync?: () => string;
  /** Its status flags for check-in and check-out (absent, Y) and its BX (absent, most requests). */
  checkinOk?: 'Y' | 'N';
  checkoutOk?: 'Y' | 'N';
  supported?: string;
  /** The name its 64 gives the patron (absent, Ada Reader). */
  personalName?: string;
  /** A connection silent this long is closed, as SIPServer's service timeout does. */
  idleCloseMs?: number;
};

/** The kiosk's side of a test connection: the SIP2 settings every client test logs in with. */
export const KIOSK_SIP2_LOGIN = {
  host: '127.0.0.1',
  loginUser: 'kiosk',
  loginPassword: 'demo-pass',
  terminalPassword: '',
  locationCode: 'MAIN',
  institutionId: 'MAIN',
  checksums: true,
  encoding: 'utf-8',
  feeWholeUnits: 'major-units',
} as const;

const DATE = '20261125    120000';
const servers: net.Server[] = [];

export async function stopAcses(): Promise<void> {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
}

export async function startAcs(acs: AcsOptions): Promise<number> {
  const server = net.createServer((socket) => {
    let buffered: Uint8Array = new Uint8Array(0);
    const send = (message: OutgoingMessage): void => {
      const frame = buildFrame(message, {
        encoding: 'utf-8',
        terminator: acs.terminator,
        checksum: acs.checksums,
      });
      if (frame.ok) socket.write(frame.value);
    };
    let idle: ReturnType<typeof setTimeout> | undefined;
    const quiet = (): void => {
      clearTimeout(idle);
      if (acs.idleCloseMs !== undefined) idle = setTimeout(() => socket.destroy(), acs.idleCloseMs);
    };
    quiet();
    socket.on('close', () => clearTimeout(idle));
    socket.on('data', (chunk: Buffer) => {
      quiet();
      const joined = new Uint8Array(buffered.length + chunk.length);
      joined.set(buffered);
      joined.set(chunk, buffered.length);
      const split = splitFrames(joined, 4096);
      buffered = split.rest;
      for (const bytes of split.frames) {
        const parsed = parseFrame(bytes, { encoding: 'utf-8', requireChecksum: false });
        if (!parsed.ok) continue;
        const request = parsed.value;
        if (request.code === '93') {
          send({
            code: '94',
            fixed: { ok: request.fields.CO === acs.password ? '1' : '0' },
            fields: {},
          });
        } else if (request.code === '99') {
          send({
            code: '98',
            fixed: {
              onlineStatus: 'Y',
              checkinOk: acs.checkinOk ?? 'Y',
              checkoutOk: acs.checkoutOk ?? 'Y',
              acsRenewalPolicy: 'N',
              statusUpdateOk: 'N',
              offlineOk: 'N',
              timeoutPeriod: '030',
              retriesAllowed: '003',
              dateTimeSync: acs.dateTimeSync?.() ?? DATE,
              protocolVersion: '2.00',
            },
            fields: { AO: acs.institution, AM: 'Central', BX: acs.supported ?? 'YYYNYNYYYNYNNNYN' },
          });
        } else if (request.code === '63') {
          send({
            code: '64',
            fixed: {
              patronStatus: ' '.repeat(14),
              language: '000',
              transactionDate: DATE,
              holdItemsCount: '0000',
              overdueItemsCount: '0000',
              chargedItemsCount: '0001',
              fineItemsCount: '0000',
              recallItemsCount: '0000',
              unavailableHoldsCount: '0000',
            },
            fields: {
              AO: acs.institution,
              AA: request.fields.AA ?? '',
              AE: acs.personalName ?? 'Ada Reader',
              BL: 'Y',
              BV: '1,250',
              BH: 'USD',
            },
          });
        } else if (request.code === '23') {
          // Some systems leave the personal name out of 24: required, so reported as missing.
          send({
            code: '24',
            fixed: { patronStatus: ' '.repeat(14), language: '000', transactionDate: DATE },
            fields: {
              AO: acs.institution,
              AA: request.fields.AA ?? '',
              BL: 'Y',
            } as never,
            extra: [['XX', 'extra']],
          });
        } else if (request.code === '17') {
          send({
            code: '18',
            fixed: {
              circulationStatus: '03',
              securityMarker: '00',
              feeType: '01',
              transactionDate: DATE,
            },
            fields: { AB: request.fields.AB ?? '', AJ: 'A title', AH: '2026-12-09 23:59' },
          });
        }
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}
