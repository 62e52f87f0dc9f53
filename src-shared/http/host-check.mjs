// The Host header check of a loopback server, in plain JavaScript: the reference service's ports,
// the kiosk's loopback sign-in listener and the Azurite child (run by plain Node, which cannot load
// TypeScript) all use this one file. Its types: host-check.d.mts.

/**
 * The names a loopback server answers for. A page on another site whose name was rebound to
 * 127.0.0.1 (DNS rebinding) reaches the port, but its requests carry that site's name in `Host`.
 */
export const LOOPBACK_HOST_NAMES = Object.freeze(['127.0.0.1', 'localhost', '[::1]']);

/** Environment variable that hands the host names to the Azurite child (azurite-child.mjs). */
export const ALLOWED_HOST_NAMES_ENV = 'LIBRARY_SERVICE_ALLOWED_HOST_NAMES';

const MESSAGE =
  'Misdirected request: this server answers only for 127.0.0.1, localhost or [::1] with its port.\n';

/**
 * Accepts a request only when its Host header is one of `names` with the port the connection
 * came in on (case-insensitive; a bare name only on port 80). A missing Host is refused.
 */
export function createHostCheck(names = LOOPBACK_HOST_NAMES) {
  const lower = names.map((name) => name.toLowerCase());
  const byPort = new Map();
  const allowed = (port) => {
    let hosts = byPort.get(port);
    if (!hosts) {
      hosts = new Set(lower.map((name) => `${name}:${port}`));
      if (port === 80) for (const name of lower) hosts.add(name);
      byPort.set(port, hosts);
    }
    return hosts;
  };
  return (req) => {
    const host = req.headers.host;
    const port = req.socket.localPort;
    return host !== undefined && port !== undefined && allowed(port).has(host.toLowerCase());
  };
}

/** 421 with a short plain message; the connection is closed, it was made for another name. */
export function refuseHost(res) {
  res.writeHead(421, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(MESSAGE),
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end(MESSAGE);
}
