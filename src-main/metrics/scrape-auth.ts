import { createHash, timingSafeEqual } from 'node:crypto';

/** Hex SHA-256 of a scrape token: what the settings keep instead of the token. */
export function tokenSha256(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Whether a scrape's `Authorization` header carries the token whose hash the settings hold.
 * Hashes are compared, in constant time, so neither the token's length nor its bytes leak by timing.
 * No hash configured: no token asked for (loopback, or mTLS alone).
 */
export function bearerAuthorized(
  header: string | undefined,
  expectedSha256: string | undefined,
): boolean {
  if (expectedSha256 === undefined) return true;
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  const offered = createHash('sha256')
    .update(match?.[1] ?? '', 'utf8')
    .digest();
  const expected = Buffer.from(expectedSha256, 'hex');
  return expected.length === offered.length && timingSafeEqual(offered, expected) && match !== null;
}
