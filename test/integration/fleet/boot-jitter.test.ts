import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { OfflineCirculationOptions } from '../../../src-main/circulation/offline/offline-circulation';
import type * as OfflineModule from '../../../src-main/circulation/offline/offline-circulation';
import { startTestService } from '../auth/harness';
import type { TestService } from '../auth/harness';
import { startFleetKiosk } from '../../support/fleet-kiosk';

/** What bootKiosk handed to the offline circulation, run after run. */
const seen = vi.hoisted(() => [] as Array<{ jitter?: boolean }>);
vi.mock('../../../src-main/circulation/offline/offline-circulation', async (importOriginal) => {
  const original = await importOriginal<typeof OfflineModule>();
  return {
    ...original,
    startOfflineCirculation: (options: OfflineCirculationOptions) => {
      seen.push('jitter' in options ? { jitter: options.jitter } : {});
      return original.startOfflineCirculation(options);
    },
  };
});

let test: TestService;

beforeAll(async () => {
  test = await startTestService();
});

afterAll(async () => {
  await test?.stop();
});

it("passes the host's offline jitter adapter to the probes and sync, and leaves the default alone without it", async () => {
  const staff = { username: 'librarian', password: 'unused' };
  const plan = { id: 0, card: 'unused', sets: [[], []] as [string[], string[]] };
  for (const jitter of [false, true, undefined]) {
    const kiosk = await startFleetKiosk({
      plan,
      dataDir: path.join(test.dir, `kiosk-${String(jitter)}`),
      service: test.service,
      staff,
      ...(jitter === undefined ? {} : { jitter }),
    });
    await kiosk.stop();
  }
  expect(seen).toEqual([{ jitter: false }, { jitter: true }, {}]);
});
