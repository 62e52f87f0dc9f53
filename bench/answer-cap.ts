import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRestLibraryClient } from '../src-main/library-client/client';
import { setLogLevel } from '../src-shared/log/logger';
import { ok } from '../src-common/result';
import { summarise, type BenchRow, type BenchSuite } from './index';
import { asMember } from '../test/support/barcodes';

/**
 * What refusing a huge answer costs (issue 22, item 2): the time until a member look-up answered
 * with 150 MB resolves as `too-large`, and how far the process's memory rose meanwhile. Before the
 * cap, the review measured 114 s and 5.1 GB for the same answer.
 */
const SAMPLES = 10;
const TOTAL = 150 * 1024 ** 2;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);

function serve(stated: boolean): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    request.resume();
    response.writeHead(200, {
      'content-type': 'application/json',
      ...(stated ? { 'content-length': String(TOTAL) } : {}),
    });
    let left = TOTAL;
    let gone = false;
    response.on('close', () => (gone = true));
    const pump = (): void => {
      while (!gone && left > 0) {
        left -= CHUNK.length;
        if (!response.write(CHUNK)) return void response.once('drain', pump);
      }
      if (!gone) response.end();
    };
    pump();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function measure(name: string, stated: boolean): Promise<BenchRow[]> {
  const server = await serve(stated);
  const { port } = server.address() as AddressInfo;
  const client = createRestLibraryClient({
    baseUrl: `http://127.0.0.1:${port}`,
    tokens: { current: async () => ok('t'), renew: async () => ok('t') },
    timeoutMs: 120_000,
  });
  const times: number[] = [];
  const rises: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const started = performance.now();
    const result = await client.memberByBarcode(asMember('21000000000015'));
    times.push(performance.now() - started);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    rises.push((peak - before) / 1024);
    if (result.ok || result.error.kind !== 'too-large') throw new Error(`${name}: not refused`);
  }
  server.closeAllConnections();
  server.close();
  return [
    summarise(`150 MB answer refused, ${name}`, 'ms', times),
    summarise(`150 MB answer refused, ${name}: RSS rise`, 'KiB', rises),
  ];
}

export const suite: BenchSuite = {
  name: 'answer-cap',
  async run() {
    setLogLevel('error');
    return [...(await measure('chunked', false)), ...(await measure('with content-length', true))];
  },
};
