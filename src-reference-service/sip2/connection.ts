import type { Socket } from 'node:net';
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
/**
 * Requests read and not yet answered: past this, reading pauses until they are. A peer that
 * writes without reading its answers (33 MB of requests once grew the service by 1.2 GB) is
 * then held by TCP's own flow control, not by the service's memory.
 */
export const MAX_WAITING_REQUESTS = 16;

export interface ConnectionOptions {
  services: Sip2Services;
  encoding: Sip2Encoding;
  faults: FaultController | undefined;
  log: Logger;
  /** A line idle this long is closed; absent, the dialect's limit (SIPServer: 60 s), or none. */
  idleTimeoutMs?: number;
}

/** The last answer, for a 97: its bytes, and what rebuilds it under another sequence number. */
type LastAnswer = {
  bytes: Uint8Array;
  message: OutgoingMessage;
  terminator: Terminator;
  checksum: boolean;
};

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

/** Resolves when the socket's write buffer has drained, or the socket is gone. */
function drained(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.once('drain', done);
    socket.once('close', done);
  });
}

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
  let lastAnswer: LastAnswer | undefined;
  const waiting: Uint8Array[] = [];
  let answering = false;
  let stalled = false;

  const idleMs = options.idleTimeoutMs ?? services.dialect.idleTimeoutMs;
  if (idleMs !== undefined) {
    // As SIPServer's alarm: a line that says nothing for this long is closed.
    socket.setTimeout(idleMs, () => {
      log.debug('SIP2 line idle: closed', { idleMs });
      socket.destroy();
    });
  }

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
    waiting.push(...split.frames);
    if (waiting.length >= MAX_WAITING_REQUESTS) socket.pause();
    void answerWaiting();
  });

  /** Answers the requests read, one at a time in order; reading resumes once they are. */
  async function answerWaiting(): Promise<void> {
    if (answering) return;
    answering = true;
    try {
      for (let frame = waiting.shift(); frame; frame = waiting.shift()) {
        if (socket.destroyed) return;
        try {
          await handle(frame);
        } catch (error) {
          // A line closed mid-request (the service stopping) is no failure of the listener.
          const report = socket.destroyed ? log.debug : log.error;
          report('SIP2 request failed', { message: (error as Error).message });
          socket.destroy();
          return;
        }
        // A peer that does not read its answers: none more is made until it does.
        if (socket.writableNeedDrain) {
          if (!stalled)
            log.warn('SIP2 peer is not reading its answers: reading paused until it does');
          stalled = true;
          await drained(socket);
        }
      }
    } finally {
      answering = false;
    }
    if (!socket.destroyed && socket.isPaused()) socket.resume();
  }

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

  /**
   * The last answer again: byte for byte, or (SIPServer) built again with the 97's sequence
   * number, 0, when it carried error detection.
   */
  function resendOf(last: LastAnswer | undefined): Uint8Array | undefined {
    if (!last) return undefined;
    if (services.dialect.resend === 'same' || !last.checksum) return last.bytes;
    return frameOf(last.message, last.terminator, true, 0);
  }

  async function handle(frame: Uint8Array): Promise<void> {
    if (socket.destroyed) return;
    const knobs = faults?.get();
    if (knobs) {
      if (knobs.latencyMs > 0) await faults?.latency();
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
        resendOf(lastAnswer) ??
          frameOf({ code: '96', fixed: {}, fields: {} }, terminator, checked, undefined) ??
          new Uint8Array(0),
      );
      return;
    }
    // The request-level knobs hit only the codes named, when some are.
    const hit = knobs && (knobs.sip2FaultCodes?.includes(request.code) ?? true) ? knobs : undefined;
    const answer =
      hit && chance(hit.errorRate)
        ? refusal(request, SIP2_WORDS.unavailable, services)
        : await answerRequest(request, session, services);
    if (!answer) return;
    const checksum = request.checksum === 'verified';
    const bytes = frameOf(answer, terminator, checksum, request.sequence);
    if (!bytes) return;
    lastAnswer = { bytes, message: answer, terminator, checksum };
    if (hit && chance(hit.dropAnswerRate)) {
      socket.destroy();
      return;
    }
    send(knobs && chance(knobs.sip2BadChecksumRate) ? spoilChecksum(bytes) : bytes);
  }
}
