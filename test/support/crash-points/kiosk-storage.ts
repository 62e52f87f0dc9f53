import type { CirculationPort } from '../../../src-main/library/circulation-port';
import { startOfflineCirculation } from '../../../src-main/circulation/offline/offline-circulation';
import type { OfflineCirculation } from '../../../src-main/circulation/offline/offline-circulation';
import type { RestLibraryClient } from '../../../src-main/library-client/client';
import { OfflineSettingsSchema } from '../../../src-main/settings/schema';
import { openKioskKeys } from '../../../src-main/vault/kiosk-keys';
import type { KioskKeys } from '../../../src-main/vault/kiosk-keys';
import { ok } from '../../../src-common/result';
import { isDemoCard, isDemoItem } from '../offline-kiosk';
import type { CrashEnvironment } from './environment';
import { REQUEST_TIMEOUT_MS } from './environment';

/** Where the kiosk's circulation goes: the REST service as staff signed in, or the SIP2 listener. */
export type BackEnd = 'REST' | 'SIP2';

export type CirculationClient = Pick<
  RestLibraryClient,
  'memberByBarcode' | 'memberByEmail' | 'checkOut' | 'checkIn' | 'listMemberTypes'
>;

/** The keys of a data folder, as the web host opens them at start (kiosk-keys.ts). */
export async function kioskKeys(
  dataDir: string,
  env: Record<string, string | undefined> = {},
): Promise<KioskKeys> {
  const opened = await openKioskKeys(dataDir, env);
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.value.keys;
}

/** The back end's circulation calls for a kiosk: the shared staff client, or a SIP2 client. */
export function circulationClient(env: CrashEnvironment, backEnd: BackEnd): CirculationClient {
  if (backEnd === 'REST') return env.staff.client;
  const sip2 = env.sip2Client();
  return {
    memberByBarcode: (card, opts) => sip2.memberByBarcode(card, opts),
    memberByEmail: (email) => sip2.memberByEmail(email),
    checkOut: (loan, opts) => sip2.checkOut(loan, opts),
    checkIn: (item, opts) => sip2.checkIn(item, opts),
    listMemberTypes: () => Promise.resolve(ok([])),
  };
}

/**
 * Store and forward started on `dataDir` as a host starts it (openKioskKeys, then the journal
 * and the card knowledge), over `client`; probing fast, so that a test does not wait.
 */
export async function startCirculation(
  dataDir: string,
  client: CirculationClient & Partial<Pick<CirculationPort, 'checkOut' | 'checkIn'>>,
  options: { keyEnv?: Record<string, string | undefined>; probe?: () => Promise<boolean> } = {},
): Promise<OfflineCirculation> {
  const keys = await kioskKeys(dataDir, options.keyEnv);
  return startOfflineCirculation({
    dataDir,
    baseUrl: 'http://127.0.0.1:9',
    settings: OfflineSettingsSchema.parse({ probeFirstDelayMs: 200, probeMaxDelayMs: 1_000 }),
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    client,
    keys: keys.journal,
    signedIn: () => true,
    // Without one: the back end answers whenever a crash state's kiosk asks.
    probe: options.probe ?? (() => Promise.resolve(true)),
    isCard: isDemoCard,
    isItem: isDemoItem,
  });
}
