/**
 * The renderer's Content-Security-Policy, the same in both hosts: only the app's own scripts and
 * styles, no inline code, no plugins, no framing, no form posts; the web host adds its WebSocket.
 */
export function contentSecurityPolicy(connectSources: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "media-src 'self'",
    `connect-src 'self' ${connectSources.join(' ')}`.trim(),
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
