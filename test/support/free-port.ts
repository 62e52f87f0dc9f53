import { createServer } from 'node:net';

/** A port free on 127.0.0.1 now (Prometheus, Alertmanager and the metrics schema take no port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
