import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createSip2Client } from '../src-main/library-client/sip2/client';
import { startService } from '../src-reference-service/index';
import { buildFrame } from '../src-shared/sip2/build';
import { setLogLevel } from '../src-shared/log/logger';
import {
  ANSWERS,
  acsBasics,
  asMessage,
  clientOptions,
  startScriptedAcs,
} from '../test/integration/library-client/sip2-peer';
import { summarise, type BenchRow, type BenchSuite } from './index';
import { asItem } from '../test/support/barcodes';

/**
 * Memory against a hostile peer (issue 34): the kiosk's SIP2 client sent 8 MiB of frames nobody
 * asked for on an idle connection (9 MiB to 1.1 GB of heap before it closed such a line), and the
 * reference listener sent 32 MiB of requests by a peer that reads no answer (1.2 GB before it
 * paused reading). Each case: the peak of heap and buffers over the baseline, sampled every 5 ms.
 */

const CLIENT_ROUNDS = 5;
const LISTENER_ROUNDS = 3;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function usedMemory(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** Runs `work`, and answers the peak memory over the baseline meanwhile, in KiB. */
async function peakGrowth(work: () => Promise<void>): Promise<number> {
  gc();
  const before = usedMemory();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, usedMemory());
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, usedMemory());
  return (peak - before) / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Built once, before any baseline: what is measured is the kiosk's side, not the peer's. */
const CLIENT_FLOOD = Buffer.from('X\r'.repeat(4 * 1024 * 1024), 'latin1');

async function clientFlood(): Promise<number> {
  let flood: (() => void) | undefined;
  let closed = false;
  const acs = await startScriptedAcs((request, tools) => {
    if (acsBasics(request, tools) || request.code !== '09') return;
    tools.answer(asMessage(ANSWERS.checkin(true, request.fields.AB ?? '')));
    if (tools.connection === 1) flood = () => tools.raw(CLIENT_FLOOD);
  });
  acs.onClose((connection) => {
    if (connection === 1) closed = true;
  });
  const client = createSip2Client(clientOptions(acs.port));
  try {
    await client.checkIn(asItem('3900000001'));
    return await peakGrowth(async () => {
      flood?.();
      for (let waited = 0; !closed && waited < 30_000; waited += 20) await sleep(20);
      // What the client still holds a moment after: the line is gone, its frames with it.
      await sleep(200);
    });
  } finally {
    await client.close();
    await acs.close();
  }
}

async function listenerFlood(): Promise<number> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-sip2-hostile-'));
  const service = await startService({
    ports: { base: 0, auth: 0, blob: 0 },
    quiet: true,
    dataDir,
    sip2: { port: 0 },
  });
  const sip2 = service.sip2;
  if (!sip2) throw new Error('the reference service started without its SIP2 listener');
  const request = buildFrame(
    {
      code: '99',
      fixed: { statusCode: '0', maxPrintWidth: '040', protocolVersion: '2.00' },
      fields: {},
    },
    { encoding: 'utf-8', terminator: 'CR', checksum: false },
  );
  if (!request.ok) throw new Error('request not built');
  const copies = Math.ceil((32 * 1024 * 1024) / request.value.length);
  const flood = Buffer.concat(Array.from({ length: copies }, () => request.value));
  const socket: Socket = await new Promise((resolve) => {
    const line = connect({ host: sip2.host, port: sip2.port }, () => resolve(line));
  });
  socket.on('error', () => undefined);
  try {
    return await peakGrowth(async () => {
      socket.pause();
      socket.write(flood);
      // Long enough for the listener to read, answer and pause (or, unbounded, to grow).
      await sleep(5_000);
    });
  } finally {
    socket.destroy();
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export const suite: BenchSuite = {
  name: 'sip2-hostile',
  async run(): Promise<BenchRow[]> {
    setLogLevel('error');
    const client: number[] = [];
    for (let round = 0; round < CLIENT_ROUNDS; round += 1) client.push(await clientFlood());
    const listener: number[] = [];
    for (let round = 0; round < LISTENER_ROUNDS; round += 1) listener.push(await listenerFlood());
    return [
      summarise('client: 8 MiB of frames nobody asked for, peak growth', 'KiB', client),
      summarise('listener: 32 MiB of requests never read, peak growth', 'KiB', listener),
    ];
  },
};
