import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through in front of the reference service that keeps the member update bodies it
 * forwarded (so a test sees exactly what the service received) and can empty the update's answer
 * or fail the read of a member, as a deployment the interface allows might.
 */
export interface MembersProxy {
  url: string;
  /** Every PUT /api/user-member body, parsed, in order. */
  updates: unknown[];
  /** Answer a successful update with an empty 200 (the interface does not show that body). */
  emptyUpdateAnswer: boolean;
  /** Answer GET /api/userdetails/... with a 503. */
  failMemberRead: boolean;
  close(): Promise<void>;
}

export async function startMembersProxy(target: () => string): Promise<MembersProxy> {
  const proxy: Omit<MembersProxy, 'url' | 'close'> = {
    updates: [],
    emptyUpdateAnswer: false,
    failMemberRead: false,
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const route = request.url ?? '/';
      const isUpdate = request.method === 'PUT' && route === '/api/user-member';
      if (
        proxy.failMemberRead &&
        request.method === 'GET' &&
        route.startsWith('/api/userdetails/')
      ) {
        response.writeHead(503).end();
        return;
      }
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      if (isUpdate && body) proxy.updates.push(JSON.parse(body.toString('utf8')));
      const headers = new Headers();
      for (const name of ['authorization', 'accept', 'content-type']) {
        const value = request.headers[name];
        if (typeof value === 'string') headers.set(name, value);
      }
      fetch(`${target()}${route}`, { method: request.method ?? 'GET', headers, body })
        .then(async (answer) => {
          const text = await answer.text();
          const out: Record<string, string> = { 'content-type': 'application/json' };
          answer.headers.forEach((value, name) => {
            if (name.startsWith('x-')) out[name] = value;
          });
          response
            .writeHead(answer.status, out)
            .end(isUpdate && answer.ok && proxy.emptyUpdateAnswer ? '' : text);
        })
        .catch(() => response.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
