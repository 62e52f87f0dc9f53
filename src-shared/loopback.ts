/**
 * One rule for "this machine" wherever plain http is allowed: the service's URLs in settings,
 * OAuth discovery and token calls. 127.0.0.0/8 (IPv4's whole loopback block), [::1], localhost.
 */
const LOOPBACK_HOST = /^(localhost|127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}|\[::1\])$/;

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOST.test(hostname.toLowerCase());
}

/** http:// to this machine: the only plain-http URL that may carry tokens or passwords. */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

/**
 * Where the kiosk may send a secret (a token, a password, an upload signature): https anywhere,
 * plain http only to this machine. The service's URLs in settings and the upload ticket's address.
 */
export function maySendSecrets(url: URL): boolean {
  return url.protocol === 'https:' || isLoopbackHttp(url);
}
