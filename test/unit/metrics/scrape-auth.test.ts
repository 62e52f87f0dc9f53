import { describe, expect, it } from 'vitest';
import { bearerAuthorized, tokenSha256 } from '../../../src-main/metrics/scrape-auth';

const TOKEN = 'q3b7-Jx_0pM2sVh9kL4tR8wYc1nA6eZ5fG0uI3oD2aE';
const HASH = tokenSha256(TOKEN);

describe('scrape token check', () => {
  it('hashes a token to the hex SHA-256 the settings keep', () => {
    expect(tokenSha256('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it.each([
    ['no hash configured, no header', undefined, undefined, true],
    ['no hash configured, any header', 'Bearer whatever', undefined, true],
    ['the right token', `Bearer ${TOKEN}`, HASH, true],
    ['the scheme in any case', `bearer ${TOKEN}`, HASH, true],
    ['a wrong token', 'Bearer nope', HASH, false],
    ['the token with one character more', `Bearer ${TOKEN}x`, HASH, false],
    ['no header', undefined, HASH, false],
    ['an empty header', '', HASH, false],
    ['Bearer with nothing after it', 'Bearer ', HASH, false],
    ['Basic credentials', `Basic ${Buffer.from(`u:${TOKEN}`).toString('base64')}`, HASH, false],
    ['the token without a scheme', TOKEN, HASH, false],
    ['the hash itself as the token', `Bearer ${HASH}`, HASH, false],
    ['the hash of an empty token with an empty header', '', tokenSha256(''), false],
  ])('%s: %s', (_name, header, hash, expected) => {
    expect(bearerAuthorized(header, hash)).toBe(expected);
  });
});
