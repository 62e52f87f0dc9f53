// Runs Azurite's blob service in this process and exits when the parent service dies, so that a
// killed test run never leaves an emulator behind (a reparented process sees its ppid change).
import http from 'node:http';

const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1000).unref();

// Host check against DNS rebinding, as on the service's own ports (src-shared/http/host-check.ts):
// only `<name>:<port of the connection>` for the names the parent hands over. Azurite has no hook
// for it, so the server it makes with http.createServer (BlobServer) gets its request events
// checked before Azurite's own listener sees them. Without the names nothing is answered.
const HOSTS_ENV = 'LIBRARY_SERVICE_ALLOWED_HOST_NAMES';
const names = JSON.parse(process.env[HOSTS_ENV] ?? '[]').map((name) => String(name).toLowerCase());
const MESSAGE =
  'Misdirected request: this server answers only for 127.0.0.1, localhost or [::1] with its port.\n';

function allowed(req) {
  const host = req.headers.host?.toLowerCase();
  const port = req.socket.localPort;
  return (
    host !== undefined &&
    names.some((name) => host === `${name}:${port}` || (port === 80 && host === name))
  );
}

const createServer = http.createServer;
http.createServer = function createCheckedServer(...args) {
  const server = createServer.apply(this, args);
  const emit = server.emit;
  server.emit = function emitChecked(event, ...rest) {
    if (event === 'request' || event === 'checkContinue' || event === 'checkExpectation') {
      const [req, res] = rest;
      if (!allowed(req)) {
        res.writeHead(421, {
          'content-type': 'text/plain; charset=utf-8',
          'content-length': Buffer.byteLength(MESSAGE),
          'cache-control': 'no-store',
          connection: 'close',
        });
        res.end(MESSAGE);
        return true;
      }
    }
    return emit.call(this, event, ...rest);
  };
  return server;
};

await import('azurite/dist/src/blob/main.js');
