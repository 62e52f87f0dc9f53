import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CorpusAnswer } from './answer-corpus';

/**
 * A loopback server that answers each request with one corpus answer, chosen by the path's
 * prefix `/c/<set>/<index>/...` (the client's base URL), so one server serves every operation.
 * Big bodies are generated as they are sent, with back-pressure, and stop when the client goes.
 */
export interface CorpusServer {
  url: string;
  /** Requests answered so far. */
  served(): number;
  close(): Promise<void>;
}

export async function startCorpusServer(
  answerAt: (set: string, index: number) => CorpusAnswer | undefined,
): Promise<CorpusServer> {
  let served = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    const match = /^\/c\/([^/]+)\/(\d+)\//.exec(request.url ?? '');
    const answer = match ? answerAt(match[1] as string, Number(match[2])) : undefined;
    served += 1;
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.on('error', () => undefined);
    send(answer, response);
  });
  // Streams left half-sent when a client cancels must not keep the test's process waiting.
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served: () => served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(answer: CorpusAnswer, response: http.ServerResponse): void {
  const { body, status, headers } = answer;
  switch (body.kind) {
    case 'bytes': {
      const length = body.statedLength ?? body.bytes.length;
      response.writeHead(status, { ...headers, 'content-length': String(length) });
      // A stated length shorter than the bytes: send what was stated, then end the connection.
      if (length < body.bytes.length) {
        response.end(body.bytes.subarray(0, length), () => response.socket?.destroy());
      } else response.end(body.bytes);
      return;
    }
    case 'cut':
      response.writeHead(status, { ...headers, 'content-length': String(body.statedLength) });
      response.write(body.bytes, () => response.socket?.destroy());
      return;
    case 'drip': {
      response.writeHead(status, headers);
      const timer = setInterval(() => response.write(' '), body.everyMs);
      response.on('close', () => clearInterval(timer));
      return;
    }
    case 'stream': {
      const total = body.totalBytes;
      response.writeHead(status, {
        ...headers,
        ...(body.stated ? { 'content-length': String(total) } : {}),
      });
      response.write(body.prefix);
      const middle = total - Buffer.byteLength(body.prefix) - Buffer.byteLength(body.suffix);
      pump(
        middle,
        body.fill,
        (chunk) => response.write(chunk),
        (go) => response.once('drain', go),
        () => response.end(body.suffix),
        response,
      );
    }
  }
}

/** Writes `total` bytes of `fill` in 64 KiB chunks as the reader takes them, until it leaves. */
function pump(
  total: number,
  fill: string,
  write: (chunk: Buffer) => boolean,
  onDrain: (go: () => void) => void,
  end: () => void,
  response: http.ServerResponse,
): void {
  const unit = Buffer.from(fill.repeat(Math.ceil(65_536 / fill.length)).slice(0, 65_536));
  let left = total;
  let gone = false;
  response.on('close', () => (gone = true));
  const go = (): void => {
    while (!gone && left > 0) {
      const chunk = left >= unit.length ? unit : unit.subarray(0, left);
      left -= chunk.length;
      if (!write(chunk)) return onDrain(go);
    }
    if (!gone) end();
  };
  go();
}
