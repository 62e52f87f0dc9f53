import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setLogLevel } from '../src-shared/log/logger';
import {
  readCirculationResult,
  readMemberCirculation,
  readMemberPage,
} from '../src-main/library-client/reader/records';
import type { Reading } from '../src-main/library-client/reader/view';
import { memberBarcode } from '../src-reference-service/barcode';
import { startService } from '../src-reference-service/index';
import type { DialectName } from '../src-reference-service/index';
import { accessToken } from '../test/support/service-oauth';
import { summarise, type BenchRow, type BenchSuite } from './index';

const WARMUP = 2_000;
const SAMPLES = 20_000;
const reading: Reading = { fieldMap: {}, now: Date.now() };

/** Real answers of one dialect of the reference service, parsed as the client receives them. */
async function answersOf(dialect: DialectName): Promise<Record<string, unknown>> {
  const dataDir = await mkdtemp(join(tmpdir(), `bench-reader-${dialect}-`));
  const service = await startService({
    dataDir,
    ports: { base: 0, auth: 0, blob: 0 },
    quiet: true,
    dialect,
  });
  try {
    const token = await accessToken(service.authUrl);
    const get = async (path: string): Promise<unknown> => {
      const response = await fetch(`${service.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      });
      return response.json();
    };
    const checkIn = await fetch(`${service.baseUrl}/api/checkin`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ItemBarcode: '34410000000217' }),
    });
    return {
      lookup: await get(`/api/lmmemberbycard/${memberBarcode(5)}`),
      page: await get('/api/user-memberlist?name=&size=20&page=1'),
      checkIn: await checkIn.json(),
    };
  } finally {
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function measure(name: string, read: () => unknown): BenchRow {
  for (let i = 0; i < WARMUP; i += 1) read();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    read();
    samples.push((performance.now() - started) * 1000);
  }
  return summarise(name, 'µs', samples);
}

/** Microseconds to read a parsed answer into the client's records, per dialect. */
export const suite: BenchSuite = {
  name: 'reader',
  async run() {
    setLogLevel('error');
    const rows: BenchRow[] = [];
    for (const dialect of ['reference', 'dotnet'] as DialectName[]) {
      const answers = await answersOf(dialect);
      rows.push(
        measure(`${dialect}: member lookup, 3 loans`, () =>
          readMemberCirculation(answers.lookup, reading),
        ),
        measure(`${dialect}: member page of 20`, () => readMemberPage(answers.page, reading)),
        measure(`${dialect}: check-in answer`, () =>
          readCirculationResult('checkIn', answers.checkIn, reading),
        ),
      );
    }
    return rows;
  },
};
