import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRestLibraryClient } from '../../../src-main/library-client/client';
import { err, ok } from '../../../src-common/result';
import { captureLogs } from '../../support/log-capture';
import { asItem } from '../../support/barcodes';

/**
 * A 2xx whose answer cannot be fully read is done, and its shape is logged at warn for the
 * integrator: key names and value types, never values (patron records do not belong in a log).
 */
const answers = new Map<string, { status: number; body: string; type?: string }>();
const service = http.createServer((request, response) => {
  const answer = answers.get(new URL(request.url ?? '/', 'http://x').pathname);
  request.resume().on('end', () => {
    if (!answer) return response.writeHead(404).end();
    const headers = answer.type ? { 'content-type': answer.type } : {};
    response.writeHead(answer.status, headers).end(answer.body);
  });
});
let baseUrl: string;
let logs: ReturnType<typeof captureLogs>;

const client = () =>
  createRestLibraryClient({
    baseUrl,
    timeoutMs: 2000,
    tokens: {
      current: async () => ok('test-token'),
      renew: async () => err('token-rejected' as const),
    },
  });

// Values a patron record carries: none may reach the log.
const PATRON = {
  patron_ref: 'P-7731',
  full_name_text: 'Ann Lee',
  contact: { mail: 'ann.lee@example.org', line: '12 Harbour Road' },
};
const VALUES = ['P-7731', 'Ann Lee', 'ann.lee@example.org', '12 Harbour Road'];

const warnings = (message: string) =>
  logs.records.filter((record) => record.level === 'warn' && record.message === message);

beforeAll(async () => {
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});

afterEach(() => {
  logs.restore();
  answers.clear();
});

afterAll(async () => {
  await new Promise((resolve) => service.close(resolve));
});

describe('a member update whose answer holds no member record', () => {
  it('is done, and logs the answer by key names and value types only', async () => {
    logs = captureLogs('warn');
    answers.set('/api/user-member', { status: 200, body: JSON.stringify({ updated: PATRON }) });
    expect(await client().updateMember({ Id: '1010', city: 'Cork' })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(warnings('accepted, but the answer holds no member record')).toEqual([
      expect.objectContaining({
        data: {
          operation: 'updateMember',
          shape: {
            updated: {
              patron_ref: 'string',
              full_name_text: 'string',
              contact: { mail: 'string', line: 'string' },
            },
          },
        },
      }),
    ]);
    for (const value of VALUES) expect(logs.text()).not.toContain(value);
  });

  it('logs a body that is not JSON as its media type and size, never its text', async () => {
    logs = captureLogs('warn');
    const page = '<html><body>Saved Ann Lee</body></html>';
    answers.set('/api/user-member', { status: 200, body: page, type: 'text/html; charset=utf-8' });
    expect(await client().updateMember({ Id: '1010', city: 'Cork' })).toMatchObject({ ok: true });
    expect(warnings('accepted, but the answer holds no member record')).toEqual([
      expect.objectContaining({
        data: {
          operation: 'updateMember',
          shape: { json: false, contentType: 'text/html', bytes: page.length },
        },
      }),
    ]);
    expect(logs.text()).not.toContain('Ann Lee');
  });
});

describe('a check-in answered without an overdue date', () => {
  it('logs the missing overdue date of a late return with the shape only', async () => {
    logs = captureLogs('warn');
    const body = { ...PATRON, Fine: 1.5, Overdue: true };
    answers.set('/api/checkin', { status: 200, body: JSON.stringify(body) });
    expect(await client().checkIn(asItem('30000000000001'))).toMatchObject({
      ok: true,
      value: { fine: 1.5, overdue: true, overdueDate: 'unknown' },
    });
    expect(warnings('accepted, but the answer lacks details')).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ operation: 'checkIn', missing: ['overdueDate'] }),
      }),
    ]);
    for (const value of VALUES) expect(logs.text()).not.toContain(value);
  });

  it('logs nothing for a return on time without one: none is owed', async () => {
    logs = captureLogs('warn');
    answers.set('/api/checkin', {
      status: 200,
      body: JSON.stringify({ Fine: 0, Overdue: false }),
    });
    expect(await client().checkIn(asItem('30000000000001'))).toMatchObject({
      ok: true,
      value: { overdue: false, overdueDate: 'unknown' },
    });
    expect(logs.records.filter((record) => record.level === 'warn')).toEqual([]);
  });

  it('logs a check-in answered with plain text by media type and size', async () => {
    logs = captureLogs('warn');
    answers.set('/api/checkin', { status: 200, body: 'OK', type: 'text/plain' });
    await client().checkIn(asItem('30000000000001'));
    expect(warnings('accepted, but the answer lacks details')).toEqual([
      expect.objectContaining({
        data: {
          operation: 'checkIn',
          missing: ['fine', 'overdueDate'],
          shape: { json: false, contentType: 'text/plain', bytes: 2 },
        },
      }),
    ]);
  });
});

describe('a read whose answer is not JSON', () => {
  it('is malformed, and logged by media type and size', async () => {
    logs = captureLogs('warn');
    answers.set('/api/listbranch', { status: 200, body: '<html>x</html>', type: 'text/html' });
    expect(await client().listBranches()).toMatchObject({
      ok: false,
      error: { kind: 'malformed-response' },
    });
    expect(warnings('unreadable answer')).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          operation: 'listBranches',
          shape: { json: false, contentType: 'text/html', bytes: 14 },
        }),
      }),
    ]);
  });
});
