import net from 'node:net';
import tls from 'node:tls';
import { buildFrame, type Terminator } from '../../../src-shared/sip2/build';
import { encodeText, type Sip2Encoding } from '../../../src-shared/sip2/encoding';
import { splitFrames } from '../../../src-shared/sip2/frame-splitter';
import type { MessageCode, OutgoingMessage } from '../../../src-shared/sip2/messages';
import { parseFrame, type ReceivedMessage } from '../../../src-shared/sip2/parse';
import { createLogger } from '../../../src-shared/log/logger';
import type { Sip2ClientOptions } from '../../../src-main/library-client/sip2/sip2-types';

/**
 * A scripted ACS over real TCP (or TLS) for what the reference listener never does: bad
 * checksums, 96, a connection dropped mid-request, silence, garbage. Each request goes to the
 * script, which answers (or not) through the peer's tools; every frame received is recorded. An
 * item status request (17) the script leaves alone is answered as an item on the shelf.
 */

export type PeerTools = {
  /** Answers the request with this message, numbered as the request was. */
  answer(message: OutgoingMessage, options?: { sequence?: number | 'none' }): void;
  /** Writes these bytes as they are (garbage, a frame with a wrong checksum...). */
  raw(bytes: Uint8Array | string): void;
  /** Drops this connection. */
  drop(): void;
  /** Which connection (1, 2...) the request came on. */
  connection: number;
};

export type Script = (request: ReceivedMessage, tools: PeerTools) => void;

export type ScriptedAcs = {
  port: number;
  /** Every request read, in order, with its connection number. */
  received: { connection: number; message: ReceivedMessage; bytes: Uint8Array }[];
  codes(): string[];
  /** Requests that could not be parsed (the client's frames should always parse). */
  unreadable: string[];
  /** Called with its number when a connection closes (the client hung up, or the script did). */
  onClose(listener: (connection: number) => void): void;
  close(): Promise<void>;
};

export async function startScriptedAcs(
  script: Script,
  options: {
    checksums?: boolean;
    terminator?: Terminator;
    encoding?: Sip2Encoding;
    tls?: { key: string; cert: string };
  } = {},
): Promise<ScriptedAcs> {
  const checksums = options.checksums ?? true;
  const terminator = options.terminator ?? 'CR';
  const encoding = options.encoding ?? 'ascii';
  const received: ScriptedAcs['received'] = [];
  const unreadable: string[] = [];
  const sockets = new Set<net.Socket>();
  const closeListeners: ((connection: number) => void)[] = [];
  let connections = 0;
  const onSocket = (socket: net.Socket) => {
    sockets.add(socket);
    // Each answer goes at once (a test times what arrives when).
    socket.setNoDelay(true);
    socket.on('error', () => undefined);
    connections += 1;
    const connection = connections;
    socket.on('close', () => {
      sockets.delete(socket);
      for (const listener of closeListeners) listener(connection);
    });
    let rest: Uint8Array = new Uint8Array(0);
    socket.on('data', (chunk: Buffer) => {
      const joined = new Uint8Array(rest.length + chunk.length);
      joined.set(rest);
      joined.set(chunk, rest.length);
      const split = splitFrames(joined, 65536);
      rest = split.rest;
      for (const bytes of split.frames) {
        const parsed = parseFrame(bytes, { encoding, requireChecksum: checksums });
        if (!parsed.ok) {
          unreadable.push(JSON.stringify(parsed.error));
          continue;
        }
        const message = parsed.value;
        received.push({ connection, message, bytes });
        let handled = false;
        const tools: PeerTools = {
          connection,
          answer(answer, how) {
            handled = true;
            const sequence = how?.sequence ?? message.sequence;
            const built = buildFrame(answer, {
              encoding,
              terminator,
              checksum: checksums,
              ...(sequence === 'none' || sequence === undefined ? {} : { sequence }),
            });
            if (!built.ok) throw new Error(`peer cannot build: ${JSON.stringify(built.error)}`);
            socket.write(built.value);
          },
          raw(bytes) {
            handled = true;
            const encoded = typeof bytes === 'string' ? encodeText(bytes, 'latin1') : undefined;
            socket.write(
              encoded ? (encoded.ok ? encoded.value : new Uint8Array()) : (bytes as Uint8Array),
            );
          },
          drop() {
            handled = true;
            socket.destroy();
          },
        };
        script(message, tools);
        // The item's status the client asks before a return, where the script says nothing of
        // it: on the shelf, no due date.
        if (!handled && message.code === '17') {
          tools.answer(ANSWERS.item(message.fields.AB ?? '') as OutgoingMessage);
        }
      }
    });
  };
  const server = options.tls
    ? tls.createServer({ key: options.tls.key, cert: options.tls.cert }, onSocket)
    : net.createServer(onSocket);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    received,
    unreadable,
    onClose: (listener) => void closeListeners.push(listener),
    codes: () => received.map((entry) => entry.message.code),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Options for a client of the scripted ACS: tiny timeouts, checksums as the peer has them. */
export function clientOptions(
  port: number,
  overrides: Partial<Sip2ClientOptions> = {},
): Sip2ClientOptions {
  return {
    host: '127.0.0.1',
    port,
    loginUser: 'kiosk',
    loginPassword: 'login-secret',
    terminalPassword: '',
    locationCode: 'MAIN',
    institutionId: 'LIB',
    terminator: 'CR',
    checksums: true,
    encoding: 'ascii',
    requestTimeoutMs: 300,
    retries: 2,
    feeWholeUnits: 'major-units',
    log: createLogger('test:sip2-client'),
    ...overrides,
  };
}

const DATE = '20261125    120000';

/** The answers a well-behaved ACS gives, to build scripts from. */
export const ANSWERS = {
  loginOk: { code: '94', fixed: { ok: '1' }, fields: {} },
  loginRefused: { code: '94', fixed: { ok: '0' }, fields: {} },
  status: (bx = 'YYYYYYYYYYYYYYYY') => ({
    code: '98',
    fixed: {
      onlineStatus: 'Y',
      checkinOk: 'Y',
      checkoutOk: 'Y',
      acsRenewalPolicy: 'Y',
      statusUpdateOk: 'N',
      offlineOk: 'N',
      timeoutPeriod: '030',
      retriesAllowed: '003',
      dateTimeSync: DATE,
      protocolVersion: '2.00',
    },
    fields: { AO: 'LIB', BX: bx, AM: 'Main Library' },
  }),
  patron: (
    barcode: string,
    items: string[] = [],
    fields: Record<string, string | string[]> = {},
  ) => ({
    code: '64',
    fixed: {
      patronStatus: ' '.repeat(14),
      language: '000',
      transactionDate: DATE,
      holdItemsCount: '0000',
      overdueItemsCount: '0000',
      chargedItemsCount: String(items.length).padStart(4, '0'),
      fineItemsCount: '0000',
      recallItemsCount: '0000',
      unavailableHoldsCount: '0000',
    },
    fields: { AO: 'LIB', AA: barcode, AE: 'Ann Lee', BL: 'Y', AU: items, ...fields },
  }),
  checkout: (ok: boolean, item: string, member: string, fields: Record<string, string> = {}) => ({
    code: '12',
    fixed: {
      ok: ok ? '1' : '0',
      renewalOk: 'N',
      magneticMedia: 'N',
      desensitize: ok ? 'Y' : 'N',
      transactionDate: DATE,
    },
    fields: {
      AO: 'LIB',
      AA: member,
      AB: item,
      AJ: ok ? 'A Title' : '',
      ...(ok ? { AH: '20261209    235959' } : {}),
      ...fields,
    },
  }),
  /** An item's status (18): on the shelf, or charged and due back on `due` (an 18-character date). */
  item: (item: string, due?: string) => ({
    code: '18',
    fixed: {
      circulationStatus: due ? '04' : '03',
      securityMarker: '02',
      feeType: '01',
      transactionDate: DATE,
    },
    fields: { AB: item, AJ: 'A Title', ...(due ? { AH: due } : {}) },
  }),
  checkin: (ok: boolean, item: string, fields: Record<string, string> = {}) => ({
    code: '10',
    fixed: {
      ok: ok ? '1' : '0',
      resensitize: 'Y',
      magneticMedia: 'N',
      alert: 'N',
      transactionDate: DATE,
    },
    fields: { AO: 'LIB', AB: item, AQ: 'MAIN', ...fields },
  }),
} as const;

/** The script's usual part: login accepted, status answered with this BX. */
export function acsBasics(request: ReceivedMessage, tools: PeerTools, bx?: string): boolean {
  if (request.code === '93') {
    tools.answer(ANSWERS.loginOk as OutgoingMessage);
    return true;
  }
  if (request.code === '99') {
    tools.answer(ANSWERS.status(bx) as OutgoingMessage);
    return true;
  }
  return false;
}

export const asMessage = (message: unknown): OutgoingMessage => message as OutgoingMessage;
export type { MessageCode };
