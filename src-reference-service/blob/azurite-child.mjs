// Runs Azurite's blob service in this process and exits when the parent service dies, so that a
// killed test run never leaves an emulator behind (a reparented process sees its ppid change).
import http from 'node:http';
// Bundled into the build's copy of this script (scripts/build.js); read from src-shared/ in a checkout.
import {
  ALLOWED_HOST_NAMES_ENV,
  createHostCheck,
  refuseHost,
} from '../../src-shared/http/host-check.mjs';

const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1000).unref();

// Host check against DNS rebinding, the one the service's own ports use (host-check.mjs): only
// `<name>:<port of the connection>` for the names the parent hands over. Azurite has no hook for
// it, so the server it makes with http.createServer (BlobServer) gets its request events checked
// before Azurite's own listener sees them. Without the names nothing is answered.
const allowed = createHostCheck(
  JSON.parse(process.env[ALLOWED_HOST_NAMES_ENV] ?? '[]').map(String),
);

const createServer = http.createServer;
http.createServer = function createCheckedServer(...args) {
  const server = createServer.apply(this, args);
  const emit = server.emit;
  server.emit = function emitChecked(event, ...rest) {
    if (event === 'request' || event === 'checkContinue' || event === 'checkExpectation') {
      const [req, res] = rest;
      if (!allowed(req)) {
        refuseHost(res);
        return true;
      }
    }
    return emit.call(this, event, ...rest);
  };
  return server;
};

await import('azurite/dist/src/blob/main.js');
