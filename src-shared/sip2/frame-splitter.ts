/**
 * Cuts a TCP byte stream into frames. A SIP2 frame ends with CR (CR LF when so configured), and
 * no field may hold a CR, so each CR closes a frame. An LF straight after it belongs to that
 * frame; one that arrives at the start of the next read is dropped (no frame starts with LF).
 */
export type Split = {
  /** Whole frames, each with its terminator, in the order received. */
  frames: Uint8Array[];
  /** The bytes after the last CR, to be kept until more arrive. */
  rest: Uint8Array;
  /** The rest is longer than a frame may be: the caller should drop the connection, not buffer on. */
  overflow: boolean;
};

const CR = 0x0d;
const LF = 0x0a;

export function splitFrames(buffered: Uint8Array, maxFrameBytes: number): Split {
  const frames: Uint8Array[] = [];
  let start = skipLineFeeds(buffered, 0);
  for (let at = start; at < buffered.length; at++) {
    if (buffered[at] !== CR) continue;
    const end = buffered[at + 1] === LF ? at + 2 : at + 1;
    frames.push(buffered.slice(start, end));
    start = skipLineFeeds(buffered, end);
    at = start - 1;
  }
  const rest = buffered.slice(start);
  return { frames, rest, overflow: rest.length > maxFrameBytes };
}

function skipLineFeeds(bytes: Uint8Array, from: number): number {
  let at = from;
  while (bytes[at] === LF) at++;
  return at;
}
