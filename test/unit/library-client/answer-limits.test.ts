import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRestLibraryClient } from '../../../src-main/library-client/client';
import { EXIT, exitCodeOf } from '../../../src-main/cli/exit-codes';
import { describeLibraryError } from '../../../src-main/library/library-error';
import {
  MAX_ANSWER_DEPTH,
  nestsDeeperThan,
  parseAnswerJson,
} from '../../../src-main/library-client/answer-json';
import { err, ok } from '../../../src-common/result';
import { captureLogs } from '../../support/log-capture';
import { asItem, asMember } from '../../support/barcodes';

/**
 * Issue 22, item 2: an answer is read up to service.maxAnswerBytes and no further, JSON nested
 * deeper than the kiosk reads is not walked, and no answer makes a client call throw. The corpus
 * over real HTTP is test/integration/library-client/malformed-answer-corpus.test.ts.
 */
const CAP = 64 * 1024;
const CHUNK = 16 * 1024;

/** A fetch whose answer streams `bytes` in 16 KiB chunks, counting what the client pulled. */
function streamed(status: number, bytes: number, headers: Record<string, string> = {}) {
  const pulled = { bytes: 0 };
  const fetch = (() => {
    let left = bytes;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (left <= 0) return controller.close();
        const size = Math.min(CHUNK, left);
        left -= size;
        pulled.bytes += size;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
    });
    return Promise.resolve(new Response(body, { status, headers }));
  }) as typeof globalThis.fetch;
  return { fetch, pulled };
}

const answering = (status: number, text: string): typeof globalThis.fetch =>
  (() => Promise.resolve(new Response(text, { status }))) as typeof globalThis.fetch;

const tokens = { current: () => Promise.resolve(ok('t')), renew: () => Promise.resolve(ok('t2')) };

const client = (fetch: typeof globalThis.fetch, maxAnswerBytes = CAP) =>
  createRestLibraryClient({
    baseUrl: 'https://service.example',
    tokens,
    timeoutMs: 5_000,
    fetch,
    maxAnswerBytes,
  });

// Each refused answer is logged for the operator: the tests that provoke one check its line.
let logs: ReturnType<typeof captureLogs>;
beforeEach(() => {
  logs = captureLogs('warn');
});
afterEach(() => logs.restore());

/** The warn and error lines the test logged, as `scope: message`. */
const logged = () => logs.records.map((record) => `${record.scope}: ${record.message}`);

describe('the answer size cap', () => {
  it('stops reading an answer past the cap: too-large, naming the cap, the rest never pulled', async () => {
    const answer = streamed(200, 100 * CAP);
    const result = await client(answer.fetch).memberByBarcode(asMember('2100001'));
    expect(result).toEqual(
      err({
        kind: 'too-large',
        operation: 'memberByBarcode',
        status: 200,
        limitBytes: CAP,
        outcome: 'applied',
      }),
    );
    // The chunk that crossed the cap and at most the one the stream had queued: not 6.4 MiB.
    expect(answer.pulled.bytes).toBeLessThanOrEqual(CAP + 2 * CHUNK);
    expect(logs.records).toMatchObject([
      {
        level: 'warn',
        scope: 'service:http',
        message: 'answer larger than the cap; not read',
        data: { operation: 'memberByBarcode', status: 200, limitBytes: CAP },
      },
    ]);
  });

  it('refuses a stated Content-Length above the cap without reading the body', async () => {
    const answer = streamed(400, 10 * CAP, { 'content-length': String(10 * CAP) });
    const result = await client(answer.fetch).checkOut({
      itemBarcode: asItem('3100001'),
      memberBarcode: asMember('2100001'),
    });
    expect(result).toEqual(
      err({
        kind: 'too-large',
        operation: 'checkOut',
        status: 400,
        limitBytes: CAP,
        outcome: 'not-applied',
      }),
    );
    expect(answer.pulled.bytes).toBeLessThanOrEqual(CHUNK);
    expect(logged()).toEqual(['service:http: answer larger than the cap; not read']);
  });

  it('gives a too-large 5xx an unknown outcome, as its status says', async () => {
    const result = await client(streamed(500, 2 * CAP).fetch).checkIn(asItem('3100001'));
    expect(result).toEqual(
      err({
        kind: 'too-large',
        operation: 'checkIn',
        status: 500,
        limitBytes: CAP,
        outcome: 'unknown',
      }),
    );
    expect(logged()).toEqual(['service:http: answer larger than the cap; not read']);
  });

  it('reads an answer of exactly the cap', async () => {
    const padded = JSON.stringify({ Branches: [{ Id: 'b1', Name: 'Main' }], pad: '' });
    const text = padded.replace('"pad":""', `"pad":"${'x'.repeat(CAP - padded.length)}"`);
    expect(Buffer.byteLength(text)).toBe(CAP);
    const result = await client(answering(200, text)).listBranches();
    expect(result.ok && result.value.map((branch) => branch.id)).toEqual(['b1']);
  });

  it('names the cap and the setting in the CLI and log line, exit 6', () => {
    const error = {
      kind: 'too-large',
      operation: 'memberByBarcode',
      status: 200,
      limitBytes: 4 * 1024 ** 2,
      outcome: 'applied',
    } as const;
    expect(exitCodeOf(error)).toBe(EXIT.malformed);
    expect(describeLibraryError(error)).toBe(
      'memberByBarcode: service error, the answer (200) is larger than 4 MiB (service.maxAnswerBytes); not read',
    );
  });
});

describe('the nesting limit', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it('turns a 400 nesting 20,000 arrays into a refusal without words, not a RangeError', async () => {
    const result = await client(answering(400, `{"errors":${deep(20_000)}}`)).memberByBarcode(
      asMember('2100001'),
    );
    expect(result).toEqual(
      err({ kind: 'refused', operation: 'memberByBarcode', status: 400, outcome: 'not-applied' }),
    );
    expect(logged()).toEqual(['service:http: answer nested too deep; not read']);
  });

  it('reads JSON nested to the limit and not one level more', () => {
    expect(parseAnswerJson(deep(MAX_ANSWER_DEPTH))).toEqual({
      body: expect.any(Array),
      tooDeep: false,
    });
    expect(parseAnswerJson(deep(MAX_ANSWER_DEPTH + 1))).toEqual({ body: undefined, tooDeep: true });
  });

  it('counts brackets outside strings only', () => {
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[{{{{' }), 2)).toBe(false);
    expect(nestsDeeperThan('{"a\\"[[[":[[1]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[[[1]]]}', 3)).toBe(true);
  });

  it('reads a 2xx nested too deep as an answer without a body: the check-out is done, details unknown', async () => {
    const result = await client(
      answering(200, `{"ItemBarcode":"3100001","x":${deep(1_000)}}`),
    ).checkOut({
      itemBarcode: asItem('3100001'),
      memberBarcode: asMember('2100001'),
    });
    expect(result.ok && result.value.dueDate).toBe('unknown');
    expect(logged()).toEqual([
      'service:http: answer nested too deep; not read',
      'service:client: accepted, but the answer lacks details',
    ]);
  });
});

describe('the seam every operation passes through', () => {
  it('resolves an operation whose token source throws to a typed error, never a rejection', async () => {
    const throwing = {
      current: () => Promise.reject(new RangeError('stack')),
      renew: () => Promise.reject(new RangeError('stack')),
    };
    const faulty = createRestLibraryClient({
      baseUrl: 'https://service.example',
      tokens: throwing,
      timeoutMs: 5_000,
      fetch: answering(200, '{}'),
    });
    await expect(
      faulty.checkOut({ itemBarcode: asItem('3100001'), memberBarcode: asMember('2100001') }),
    ).resolves.toEqual(
      err({
        kind: 'malformed-response',
        operation: 'checkOut',
        status: 0,
        issue: 'kiosk fault (RangeError)',
        outcome: 'unknown',
      }),
    );
    expect(logs.records).toMatchObject([
      {
        level: 'error',
        scope: 'service:client',
        message: 'an operation failed unexpectedly',
        data: { operation: 'checkOut', error: 'RangeError' },
      },
    ]);
  });
});
