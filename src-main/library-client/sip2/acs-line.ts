import type net from 'node:net';
import { splitFrames } from '../../../src-shared/sip2/frame-splitter';
import { networkCode } from '../../library/library-error';

/**
 * A socket to the ACS cut into frames, with what a hostile or broken ACS must not do to the
 * kiosk bounded: a frame longer than any SIP2 frame, a frame nobody asked for (SIP2 answers only
 * requests: one sent between requests is not an answer, and 8 MiB of them once took the heap to
 * 1.1 GB), more frames queued for one request than a resend or two explain. Each ends the
 * connection; the next request connects again.
 */

/** A frame longer than this is not SIP2: the connection is dropped rather than buffered on. */
export const MAX_FRAME_BYTES = 64 * 1024;
/** Frames queued for the request outstanding: its answer, a resend, a late one or two. */
export const MAX_QUEUED_FRAMES = 8;

export type LineEvent = { kind: 'frame'; bytes: Uint8Array } | { kind: 'closed'; cause: string };

export type AcsLine = {
  socket: net.Socket;
  events: LineEvent[];
  wake: (() => void) | undefined;
  closed: boolean;
  /** A request is outstanding: frames are answers to it. Otherwise a frame ends the line. */
  awaiting: boolean;
};

/** Why the line was ended by the kiosk, for the one log line a connection gets. */
export type LineAbuse = 'frame-too-long' | 'unsolicited-frame' | 'too-many-frames';

export function lineOf(socket: net.Socket, abused: (why: LineAbuse) => void): AcsLine {
  const line: AcsLine = { socket, events: [], wake: undefined, closed: false, awaiting: false };
  let buffered: Uint8Array = new Uint8Array(0);
  let cause: string | undefined;
  const end = (why: LineAbuse) => {
    if (cause === undefined) abused(why);
    cause ??= why;
    buffered = new Uint8Array(0);
    socket.destroy();
  };
  const push = (event: LineEvent) => {
    line.events.push(event);
    line.wake?.();
  };
  socket.setNoDelay(true);
  socket.on('data', (chunk: Buffer) => {
    if (socket.destroyed) return;
    const joined = new Uint8Array(buffered.length + chunk.length);
    joined.set(buffered);
    joined.set(chunk, buffered.length);
    const split = splitFrames(joined, MAX_FRAME_BYTES);
    buffered = split.rest;
    for (const bytes of split.frames) {
      if (!line.awaiting) return end('unsolicited-frame');
      if (line.events.length >= MAX_QUEUED_FRAMES) return end('too-many-frames');
      push({ kind: 'frame', bytes });
    }
    if (split.overflow) end('frame-too-long');
  });
  socket.on('error', (error) => {
    cause ??= networkCode(error);
  });
  socket.on('close', () => {
    line.closed = true;
    push({ kind: 'closed', cause: cause ?? 'connection-closed' });
  });
  return line;
}

/** The next frame or the end of the line; `timeout` once `deadline` (epoch ms) has passed. */
export function nextEvent(
  line: AcsLine,
  deadline: number,
  signal: AbortSignal | undefined,
): Promise<LineEvent | 'timeout' | 'cancelled'> {
  const ready = line.events.shift();
  if (ready) return Promise.resolve(ready);
  if (signal?.aborted) return Promise.resolve('cancelled');
  return new Promise((resolve) => {
    const finish = (event: LineEvent | 'timeout' | 'cancelled') => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
      line.wake = undefined;
      resolve(event);
    };
    const cancel = () => finish('cancelled');
    const timer = setTimeout(() => finish('timeout'), Math.max(0, deadline - Date.now()));
    signal?.addEventListener('abort', cancel, { once: true });
    line.wake = () => {
      const event = line.events.shift();
      if (event) finish(event);
    };
  });
}
