import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from '../../../src-shared/listen';

const servers: Server[] = [];
const server = (): Server => {
  const made = createServer();
  servers.push(made);
  return made;
};

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((made) => new Promise((resolve) => made.close(() => resolve(undefined)))),
  );
});

describe('listen', () => {
  it('settles with the address the system chose for port 0', async () => {
    const address = await listen(server(), 0, '127.0.0.1');
    expect(address.address).toBe('127.0.0.1');
    expect(address.port).toBeGreaterThan(0);
  });

  it('rejects with the error that stopped it: a port already taken', async () => {
    const { port } = await listen(server(), 0, '127.0.0.1');
    await expect(listen(server(), port, '127.0.0.1')).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });

  it('leaves no error listener of its own once listening: a later error reaches the server', async () => {
    const listening = server();
    await listen(listening, 0, '127.0.0.1');
    expect(listening.listenerCount('error')).toBe(0);
  });
});
