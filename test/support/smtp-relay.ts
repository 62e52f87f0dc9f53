import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP relay on loopback for the e-mail receipt tests (smtp-server, the Nodemailer
 * project's server): TLS from the first byte (`implicit`) or by STARTTLS, with a self-signed
 * certificate for 127.0.0.1 whose PEM is written to `caFile` for the kiosk to trust. It keeps each
 * message it accepted, its text decoded, and can be told to refuse.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** Whether the message came over TLS. */
  secure: boolean;
  /** The login the relay accepted, if any. */
  user?: string;
  headers: Record<string, string>;
  text: string;
}

export interface TestRelay {
  port: number;
  /** The relay's certificate, as the kiosk's receipt.email.tlsCaFile. */
  caFile: string;
  messages: ReceivedMail[];
  /** Recipients refused with 550 from now on. */
  refuse: Set<string>;
  /** Resolves with the next message accepted. */
  nextMessage(): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface TestRelayOptions {
  tls: 'implicit' | 'starttls';
  /** Requires this login; absent, the relay takes mail without one. */
  login?: { user: string; password: string };
  /** A relay that has no STARTTLS (a misconfigured one, or a man in the middle removing it). */
  noStartTls?: boolean;
}

/** Content-Transfer-Encoding quoted-printable, as nodemailer writes text that is not ASCII. */
function fromQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const joined = body.replace(/=\r?\n/g, '');
  for (let index = 0; index < joined.length; index += 1) {
    const char = joined[index] ?? '';
    const hex = joined.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function parse(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  const decoded =
    encoding === 'quoted-printable'
      ? fromQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { headers, text: decoded.replace(/\r\n/g, '\n') };
}

export async function startTestRelay(options: TestRelayOptions): Promise<TestRelay> {
  const dir = await mkdtemp(path.join(tmpdir(), 'smtp-relay-'));
  const made = await generate([{ name: 'commonName', value: 'Library test SMTP relay' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  const caFile = path.join(dir, 'relay-ca.pem');
  await writeFile(caFile, made.cert);
  const messages: ReceivedMail[] = [];
  const refuse = new Set<string>();
  let waiting: ((mail: ReceivedMail) => void)[] = [];
  const { login } = options;
  const server = new SMTPServer({
    secure: options.tls === 'implicit',
    key: made.private,
    cert: made.cert,
    ...(options.noStartTls ? { hideSTARTTLS: true, disabledCommands: ['STARTTLS'] } : {}),
    authOptional: login === undefined,
    // LOGIN and PLAIN only over TLS (smtp-server's default allowInsecureAuth: false).
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.password) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('535 5.7.8 Authentication credentials invalid'));
      }
    },
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address)) {
        callback(Object.assign(new Error('550 5.1.1 No such user here'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { headers, text } = parse(Buffer.concat(chunks).toString('utf8'));
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          secure: session.secure,
          ...(typeof session.user === 'string' ? { user: session.user } : {}),
          headers,
          text,
        };
        messages.push(mail);
        for (const resolve of waiting.splice(0)) resolve(mail);
        callback();
      });
    },
  });
  // A client that gives up on the relay's certificate closes mid-handshake: expected here.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    caFile,
    messages,
    refuse,
    nextMessage: () => new Promise((resolve) => waiting.push(resolve)),
    async close() {
      waiting = [];
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
