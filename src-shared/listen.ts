import type { AddressInfo, Server } from 'node:net';

/**
 * Starts a server listening and settles with the address it got (port 0: the one the system
 * chose), or with the error that stopped it (EADDRINUSE, EACCES). The error listener is removed
 * once listening, so a later error reaches the server's own handlers instead of a settled promise.
 */
export function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}
