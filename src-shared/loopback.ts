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
