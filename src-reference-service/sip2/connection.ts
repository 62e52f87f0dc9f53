import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../../src-shared/log/logger';
import { buildFrame, type Terminator } from '../../src-shared/sip2/build';
import { checksumText, verifyChecksum } from '../../src-shared/sip2/checksum';
import type { Sip2Encoding } from '../../src-shared/sip2/encoding';
import { splitFrames } from '../../src-shared/sip2/frame-splitter';
import type { OutgoingMessage } from '../../src-shared/sip2/messages';
import { parseFrame } from '../../src-shared/sip2/parse';
import type { FaultController } from '../faults';
import type { Sip2Services, Sip2Session } from './context';
import { fitMessage } from './fit-text';
import { answerRequest, refusal } from './handlers';
import { SIP2_WORDS } from './words';

/** No request of a self-check comes near this; a longer one is not SIP2, and the line is cut. */
export const MAX_REQUEST_BYTES = 8192;

export interface ConnectionOptions {
  services: Sip2Services;
  encoding: Sip2Encoding;
  faults: FaultController | undefined;
  log: Logger;
}

const CR = 0x0d;
const LF = 0x0a;

function terminatorOf(frame: Uint8Array): Terminator {
  return frame.length >= 2 && frame[frame.length - 2] === CR && frame[frame.length - 1] === LF
    ? 'CRLF'
    : 'CR';
}

function withoutTerminator(frame: Uint8Array): Uint8Array {
  let end = frame.length;
  while (end > 0 && (frame[end - 1] === CR || frame[end - 1] === LF)) end -= 1;
  return frame.subarray(0, end);
}

const chance = (rate: number): boolean => rate > 0 && Math.random() < rate;

/**
 * The same answer with a checksum that does not add up (the `sip2BadChecksumRate` fault): its
 * own checksum changed by one, or a wrong one added to an answer sent without.
 */
export function spoilChecksum(frame: Uint8Array): Uint8Array {
  const body = withoutTerminator(frame);
  const tail = frame.subarray(body.length);
  const text = Buffer.from(body).toString('latin1');
  const hasChecksum = verifyChecksum(body).kind !== 'absent';
  const upToAz = hasChecksum ? text.slice(0, -4) : `${text}AZ`;
  const right = Number.parseInt(checksumText(Buffer.from(upToAz, 'latin1')), 16);
  const wrong = ((right + 1) & 0xffff).toString(16).toUpperCase().padStart(4, '0');
  return Buffer.concat([Buffer.from(upToAz + wrong, 'latin1'), tail]);
}

/**
 * One self-check's connection: frames cut from the stream, one request answered at a time in
 * the order received, each answer in the request's terminator, with its sequence number and, when
 * the request had one, a checksum. A bad checksum is answered with 96 (request SC resend), a 97
 * with the last answer again. The fault knobs apply to each request.
 */
export function serveConnection(socket: Socket, options: ConnectionOptions): void {
  const { services, encoding, faults, log } = options;
  const session: Sip2Session = {
    loggedIn: false,
    branchId: services.defaultBranchId,
    locationCode: undefined,
  };
  let buffered: Uint8Array = new Uint8Array(0);
  let lastAnswer: Uint8Array | undefined;
  let queue: Promise<void> = Promise.resolve();

  socket.on('error', (error) => log.debug('SIP2 connection error', { message: error.message }));
  socket.on('data', (chunk: Buffer) => {
    const joined = new Uint8Array(buffered.length + chunk.length);
    joined.set(buffered);
    joined.set(chunk, buffered.length);
    const split = splitFrames(joined, MAX_REQUEST_BYTES);
    buffered = split.rest;
    if (split.overflow) {
      log.warn('SIP2 request longer than any frame: connection closed', { bytes: joined.length });
      socket.destroy();
      return;
    }
    for (const frame of split.frames) {
      queue = queue
        .then(() => handle(frame))
        .catch((error: unknown) => {
          // A line closed mid-request (the service stopping) is no failure of the listener.
          const report = socket.destroyed ? log.debug : log.error;
          report('SIP2 request failed', { message: (error as Error).message });
          socket.destroy();
        });
    }
  });

  const send = (bytes: Uint8Array): void => {
    if (!socket.destroyed) socket.write(bytes);
  };

  const frameOf = (
    message: OutgoingMessage,
    terminator: Terminator,
    checksum: boolean,
    sequence: number | undefined,
  ): Uint8Array | undefined => {
    const built = buildFrame(fitMessage(message, encoding), {
      encoding,
      terminator,
      checksum,
      ...(sequence !== undefined ? { sequence } : {}),
    });
    if (built.ok) return built.value;
    log.error('SIP2 answer could not be built', { problem: built.error.kind, code: message.code });
    return undefined;
  };

  async function handle(frame: Uint8Array): Promise<void> {
    if (socket.destroyed) return;
    const knobs = faults?.get();
    if (knobs) {
      if (knobs.latencyMs > 0) await sleep(knobs.latencyMs);
      if (knobs.outage || chance(knobs.dropRate)) {
        socket.destroy();
        return;
      }
    }
    // As the request ended, unless the dialect's system always ends its own way (Koha: CR LF).
    const terminator = services.dialect.terminator ?? terminatorOf(frame);
    const parsed = parseFrame(frame, { encoding, requireChecksum: false });
    const checked = verifyChecksum(withoutTerminator(frame)).kind !== 'absent';
    if (!parsed.ok) {
      if (parsed.error.kind === 'empty') return;
      log.debug('SIP2 request not read: resend asked', { problem: parsed.error.kind });
      const resend = frameOf({ code: '96', fixed: {}, fields: {} }, terminator, checked, undefined);
      if (resend) send(resend);
      return;
    }
    const request = parsed.value;
    if (request.code === '97') {
      send(
        lastAnswer ??
          frameOf({ code: '96', fixed: {}, fields: {} }, terminator, checked, undefined) ??
          new Uint8Array(0),
      );
      return;
    }
    const answer =
      knobs && chance(knobs.errorRate)
        ? refusal(request, SIP2_WORDS.unavailable, services)
        : await answerRequest(request, session, services);
    if (!answer) return;
    const bytes = frameOf(answer, terminator, request.checksum === 'verified', request.sequence);
    if (!bytes) return;
    lastAnswer = bytes;
    if (knobs && chance(knobs.dropAnswerRate)) {
      socket.destroy();
      return;
    }
    send(knobs && chance(knobs.sip2BadChecksumRate) ? spoilChecksum(bytes) : bytes);
  }
}
