import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  keyFromFragment,
  launchUrlWithKey,
  subprotocolsForKey,
} from '../../../src-common/launch-key';
import { createLaunchKey, launchSubprotocols } from '../../../src-main/web-host/launch-key';

/** An upgrade request as the host sees it, offering these subprotocols. */
const upgrade = (protocols: string[]) =>
  ({ headers: { 'sec-websocket-protocol': protocols.join(', ') } }) as unknown as IncomingMessage;

describe('the launch key protocol, one definition for host and renderer', () => {
  it.each([
    ['#k=abc-_123', 'abc-_123'],
    ['k=abc', 'abc'],
    ['#x=1&k=abc', 'abc'],
    ['#', ''],
    ['', ''],
    ['#key=abc', ''],
    ['#k=a%2Fb', 'a/b'],
    ['#k=%E0%A4%A', ''],
    ['#k=first&k=second', 'first'],
  ])('reads the key from the fragment %j as %j', (hash, key) => {
    expect(keyFromFragment(hash)).toBe(key);
  });

  it('puts the key in the fragment, never in the path or query', () => {
    const url = new URL(launchUrlWithKey('http://127.0.0.1:7300', 'secret'));
    expect(url.pathname).toBe('/');
    expect(url.search).toBe('');
    expect(keyFromFragment(url.hash)).toBe('secret');
  });

  it("admits what the renderer offers for this launch's key, and nothing else", () => {
    const launch = createLaunchKey('k1');
    const url = launch.launchUrl('http://127.0.0.1:7300');
    // The renderer's side: the fragment read as the bridge reads location.hash.
    const offered = subprotocolsForKey(keyFromFragment(new URL(url).hash));
    expect(offered).toEqual(launchSubprotocols(url));
    expect(launch.admits(upgrade(offered))).toBe(true);
    expect(launch.admits(upgrade(subprotocolsForKey('k2')))).toBe(false);
    expect(launch.admits(upgrade([offered[1] as string]))).toBe(false);
    expect(launch.admits(upgrade(['library-kiosk']))).toBe(false);
  });
});
