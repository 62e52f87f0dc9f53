import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { buildFrame, type FrameOptions } from '../../src-shared/sip2/build';
import { splitFrames } from '../../src-shared/sip2/frame-splitter';
import type { MessageCode, OutgoingMessage } from '../../src-shared/sip2/messages';
import { messageOf, parseFrame, type ReceivedMessage } from '../../src-shared/sip2/parse';
import type { RunningSip2 } from '../../src-reference-service/index';

/**
 * A SIP2 line to the reference listener for tests, made of the codec alone: frames out, frames
 * in, nothing of the kiosk's client (which has its own tests against the same listener).
 */
export interface Sip2Wire {
  /** Sends bytes as they are and waits for the next whole frame (its raw bytes). */
  raw(bytes: Uint8Array | string): Promise<Uint8Array>;
  /** Builds a request, sends it and parses the answer (checksum verified when there is one). */
  send<C extends MessageCode>(
    message: OutgoingMessage<C>,
    options?: Partial<FrameOptions>,
  ): Promise<{ bytes: Uint8Array; message: ReceivedMessage }>;
  /** Like send, for an answer of one code (anything else fails the test): typed fields. */
  ask<C extends MessageCode, A extends MessageCode>(
    message: OutgoingMessage<C>,
    answer: A,
    options?: Partial<FrameOptions>,
  ): Promise<Extract<ReceivedMessage, { code: A }>>;
  /** Waits until the listener closes the line ('closed') or `ms` pass ('open'). */
  closedWithin(ms: number): Promise<'closed' | 'open'>;
  close(): void;
}

const DEFAULT_FRAME: FrameOptions = {
  encoding: 'utf-8',
  terminator: 'CR',
  checksum: true,
  sequence: 0,
};

export async function openSip2Wire(running: RunningSip2): Promise<Sip2Wire> {
  const socket: Socket = await new Promise((resolve, reject) => {
    const done = (line: Socket) => () => {
      line.off('error', reject);
      resolve(line);
    };
    const line = running.tls
      ? connectTls({ host: running.host, port: running.port, ca: running.tls.ca }, () =>
          done(line)(),
        )
      : connectTcp({ host: running.host, port: running.port }, () => done(line)());
    line.once('error', reject);
  });
  let buffered: Uint8Array = new Uint8Array(0);
  const frames: Uint8Array[] = [];
  const waiting: ((frame: Uint8Array | undefined) => void)[] = [];
  let closed = false;
  const closeWaiters: (() => void)[] = [];
  socket.on('data', (chunk: Buffer) => {
    const joined = Buffer.concat([buffered, chunk]);
    const split = splitFrames(joined, 1 << 20);
    buffered = split.rest;
    for (const frame of split.frames) {
      const next = waiting.shift();
      if (next) next(frame);
      else frames.push(frame);
    }
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closed = true;
    for (const next of waiting.splice(0)) next(undefined);
    for (const done of closeWaiters.splice(0)) done();
  });

  const nextFrame = (): Promise<Uint8Array> =>
    new Promise((resolve, reject) => {
      const ready = frames.shift();
      if (ready) {
        resolve(ready);
        return;
      }
      if (closed) {
        reject(new Error('the listener closed the line'));
        return;
      }
      waiting.push((frame) =>
        frame ? resolve(frame) : reject(new Error('the listener closed the line')),
      );
    });

  const raw = async (bytes: Uint8Array | string): Promise<Uint8Array> => {
    socket.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);
    return nextFrame();
  };

  const send: Sip2Wire['send'] = async (message, options = {}) => {
    const frameOptions = { ...DEFAULT_FRAME, encoding: running.encoding, ...options };
    const built = buildFrame(message as OutgoingMessage, frameOptions);
    if (!built.ok) throw new Error(`request not built: ${built.error.kind}`);
    const bytes = await raw(built.value);
    const parsed = parseFrame(bytes, { encoding: running.encoding, requireChecksum: false });
    if (!parsed.ok) throw new Error(`answer not read: ${JSON.stringify(parsed.error)}`);
    return { bytes, message: parsed.value };
  };

  return {
    raw,
    send,
    ask: async (message, code, options) => {
      const { message: answer } = await send(message, options);
      const typed = messageOf(answer, code);
      if (!typed) throw new Error(`expected ${code}, the listener answered ${answer.code}`);
      return typed;
    },
    closedWithin: (ms) =>
      new Promise((resolve) => {
        if (closed) {
          resolve('closed');
          return;
        }
        const timer = setTimeout(() => resolve('open'), ms);
        closeWaiters.push(() => {
          clearTimeout(timer);
          resolve('closed');
        });
      }),
    close: () => socket.destroy(),
  };
}

/** The login request (93) with the listener's published demo login, or the one given. */
export function loginRequest(
  running: RunningSip2,
  password = running.loginPassword,
  location = 'CEN',
): OutgoingMessage<'93'> {
  return {
    code: '93',
    fixed: { uidAlgorithm: '0', pwdAlgorithm: '0' },
    fields: { CN: running.loginUser, CO: password, CP: location },
  };
}

/** A line logged in with the demo login: most tests start here. */
export async function loggedInWire(running: RunningSip2): Promise<Sip2Wire> {
  const wire = await openSip2Wire(running);
  const answer = await wire.send(loginRequest(running));
  if (answer.message.code !== '94' || answer.message.fixed.ok !== '1') {
    wire.close();
    throw new Error('the demo login was refused');
  }
  return wire;
}
