import { createServer } from 'node:net';
import type { KioskPorts, PortName } from './ports';

/** Whether something already listens on `port` at 127.0.0.1 (0: any port, never taken). */
async function taken(port: number): Promise<boolean> {
  if (port === 0) return false;
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE'));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

/**
 * The first of `names` whose port is in use, checked before anything starts: a clash is told at
 * once, not after the embedded service has started (and stopped again). The start keeps its own
 * check for a port taken in between.
 */
export async function firstTakenPort(
  ports: KioskPorts,
  names: readonly PortName[],
): Promise<number | undefined> {
  for (const name of names) if (await taken(ports[name])) return ports[name];
  return undefined;
}
