import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocumentAddress } from '../../../src-main/library-client/document-address';

/**
 * The documents screen's check of a published address, against a real HTTP server on loopback:
 * what a browser without the kiosk's credentials would get.
 */
let server: http.Server;
let base = '';
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push(request.headers);
    switch (request.url) {
      case '/public.pdf':
        response.writeHead(206, { 'content-type': 'application/pdf' }).end('%');
        return;
      case '/private.pdf':
        response.writeHead(403).end('<Error><Code>ResourceNotFound</Code></Error>');
        return;
      case '/moved.pdf':
        response.writeHead(302, { location: '/public.pdf' }).end();
        return;
      default:
        // /silent.pdf: headers never come.
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('checking that a published address opens', () => {
  it('opens: asks for the first byte only, with no authorization', async () => {
    expect(await checkDocumentAddress(`${base}/public.pdf`, { timeoutMs: 2_000 })).toEqual({
      result: 'opens',
    });
    const headers = seen.at(-1) ?? {};
    expect(headers.range).toBe('bytes=0-0');
    expect(headers.authorization).toBeUndefined();
  });

  it('follows a redirect to where the document is', async () => {
    expect(await checkDocumentAddress(`${base}/moved.pdf`, { timeoutMs: 2_000 })).toEqual({
      result: 'opens',
    });
  });

  it("is refused with the store's status", async () => {
    expect(await checkDocumentAddress(`${base}/private.pdf`, { timeoutMs: 2_000 })).toEqual({
      result: 'refused',
      status: 403,
    });
  });

  it('cannot be reached: the network code', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    expect(
      await checkDocumentAddress(`http://127.0.0.1:${port}/gone.pdf`, { timeoutMs: 2_000 }),
    ).toEqual({ result: 'unreachable', cause: 'ECONNREFUSED' });
  });

  it('gives up after the timeout when nothing answers', async () => {
    expect(await checkDocumentAddress(`${base}/silent.pdf`, { timeoutMs: 300 })).toEqual({
      result: 'unreachable',
      cause: 'timeout',
    });
  });

  it('is not a web address at all', async () => {
    for (const address of ['file:///etc/passwd', 'not an address', 'ftp://example.org/a.pdf']) {
      expect(await checkDocumentAddress(address, { timeoutMs: 2_000 })).toEqual({
        result: 'not-an-address',
      });
    }
  });
});
