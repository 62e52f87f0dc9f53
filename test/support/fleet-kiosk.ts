import path from 'node:path';
import Database from 'better-sqlite3';
import { bootKiosk } from '../../src-main/host/bootstrap';
import type { BootedKiosk } from '../../src-main/host/bootstrap';
import type { KioskState } from '../../src-common/ipc/contract';
import { resolveSettings } from '../../src-main/settings/resolve';
import type { OfflineSettings } from '../../src-main/settings/schema';
import { createFileVault, fileVaultPaths } from '../../src-main/vault/file-vault';
import { DATABASE_FILE } from '../../src-reference-service/db/open';
import { FakeHidBackend } from './fake-hid';
import { signInOverHttp } from './sign-in-over-http';

/**
 * One kiosk of a simulated fleet: the real core (bootKiosk) with its own data folder, token vault
 * and offline journal, against a configured reference service, no scanner plugged in (scans go in
 * at the core's wedge seam), driven through the patron loop without a renderer.
 */

/** A kiosk's own card and items: no two kiosks lend the same item, so every count is its own. */
export interface FleetPlan {
  id: number;
  card: string;
  /** Two sets: sessions lend one set, later sessions return it (out A, out B, back A, back B). */
  sets: [string[], string[]];
}

export interface FleetKioskOptions {
  plan: FleetPlan;
  dataDir: string;
  service: { baseUrl: string; authUrl: string };
  staff: { username: string; password: string };
  /** Offline probe and sync retry jitter; absent, the product default (on). */
  jitter?: boolean;
  offline?: Partial<OfflineSettings>;
  /** Metrics on at this loopback port, scraped with the token whose SHA-256 this is. */
  metrics?: { port: number; bearerTokenSha256: string };
}

/** A transaction the kiosk told the patron it took: done online or queued offline. */
export interface Acknowledged {
  kind: 'check-out' | 'check-in';
  item: string;
}

export interface ScanTiming {
  kind: 'card' | 'check-out' | 'check-in';
  /** From the scan at the core to the state showing its outcome, ms. */
  ms: number;
  /** The line's outcome shown (card: `patron`). */
  status: string;
}

export interface FleetKiosk {
  plan: FleetPlan;
  kiosk: BootedKiosk;
  acknowledged: Acknowledged[];
  errors: string[];
  /** Times the staff sign-in left `signed-in` after it was first reached. */
  signOuts: number;
  signIn(): Promise<void>;
  /** One patron session (which one follows from the sessions done so far). */
  session(pace: () => Promise<void>, timing: (sample: ScanTiming) => void): Promise<void>;
  /** Nothing queued, nothing in flight, the sync idle. */
  drained(): boolean;
  stop(): Promise<void>;
}

const FEEDBACK_TIMEOUT_MS = 30_000;

type Screen = KioskState['screen'];

export async function startFleetKiosk(options: FleetKioskOptions): Promise<FleetKiosk> {
  const settings = resolveSettings(
    {
      service: { baseUrl: options.service.baseUrl, authUrl: options.service.authUrl },
      // Scans come one at a time at the core; a re-scan of an item is always a later session.
      scanner: { duplicateWindowMs: 300 },
      receipt: { mode: 'none' },
      patron: { thankYouMs: 1_000 },
      ...(options.offline ? { offline: options.offline } : {}),
      ...(options.metrics ? { metrics: { enabled: true, ...options.metrics } } : {}),
    },
    {},
    { dataDir: options.dataDir },
  );
  if (!settings.ok) throw new Error(settings.error.message);
  const hid = new FakeHidBackend();
  const kiosk = await bootKiosk(settings.value, {
    vault: createFileVault(fileVaultPaths(options.dataDir)),
    // Never used: the fleet's kiosks sign in over HTTP (signIn below), not through a shown page.
    presentSignIn: async () => ({ presentation: 'shown' }),
    receiptPrinting: { printBy: 'renderer' },
    hidBackend: hid,
    ...(options.jitter === undefined ? {} : { offlineJitter: options.jitter }),
  });
  const { core, auth } = kiosk;
  const acknowledged: Acknowledged[] = [];
  const errors: string[] = [];
  let signOuts = 0;
  let reachedSignIn = false;
  const offAuth = auth.onStatusChange((status) => {
    if (status.state === 'signed-in') reachedSignIn = true;
    else if (reachedSignIn) signOuts += 1;
  });
  let sessions = 0;

  /** Resolves with the first state the predicate takes, checked now and on every state event. */
  function until(test: (screen: Screen, state: KioskState) => boolean, what: string) {
    return new Promise<Screen>((resolve, reject) => {
      const check = (): boolean => {
        const state = core.state('patron');
        if (!test(state.screen, state)) return false;
        off();
        clearTimeout(timer);
        resolve(state.screen);
        return true;
      };
      const off = core.subscribe(() => void check());
      const timer = setTimeout(() => {
        off();
        reject(new Error(`kiosk ${options.plan.id}: no ${what} in ${FEEDBACK_TIMEOUT_MS} ms`));
      }, FEEDBACK_TIMEOUT_MS);
      check();
    });
  }

  function submit(code: string): void {
    const answer = core.handlers['station.scanner.submitWedgeScan']({ code });
    if (!('accepted' in answer) || !answer.accepted) {
      throw new Error(`kiosk ${options.plan.id}: scan not taken: ${JSON.stringify(answer)}`);
    }
  }

  const linesOf = (screen: Screen) =>
    screen.name === 'patron' || screen.name === 'check-in' ? screen.session : [];

  async function scanItem(
    item: string,
    kind: 'check-out' | 'check-in',
    timing: (sample: ScanTiming) => void,
  ): Promise<void> {
    const before = linesOf(core.state('patron').screen).length;
    const started = performance.now();
    submit(item);
    const screen = await until((s) => {
      const lines = linesOf(s);
      return lines.length > before && lines[lines.length - 1]?.status !== 'pending';
    }, `outcome for ${kind}`);
    const ms = performance.now() - started;
    const line = linesOf(screen).at(-1)!;
    timing({ kind, ms, status: line.status });
    if (line.status === 'done' || line.status === 'queued') acknowledged.push({ kind, item });
    else errors.push(`${kind} ${line.status}: ${JSON.stringify(line.message ?? {})}`);
  }

  async function finish(): Promise<void> {
    await core.handlers['patron.finish'](undefined);
    await until((s) => s.name === 'attract', 'attract screen after finish');
  }

  return {
    plan: options.plan,
    kiosk,
    acknowledged,
    errors,
    get signOuts() {
      return signOuts;
    },
    async signIn() {
      const { authorizationUrl } = await auth.beginSignIn();
      const redirect = await signInOverHttp(authorizationUrl, options.staff);
      const result = await auth.handleRedirect(redirect.toString());
      if (!result.ok) throw new Error(`kiosk ${options.plan.id}: sign-in ${result.error.kind}`);
      reachedSignIn = true;
      await until((s) => s.name === 'attract' && !s.signedOut, 'attract screen in service');
    },
    async session(pace, timing) {
      // Out A, out B, back A, back B, ...: each set is lent in one session, returned two later.
      const turn = sessions % 4;
      sessions += 1;
      const set = options.plan.sets[turn % 2]!;
      try {
        if (turn < 2) {
          const noticeBefore = core.state('patron').notice?.id;
          const started = performance.now();
          submit(options.plan.card);
          const screen = await until(
            (s, state) =>
              s.name === 'patron' ||
              (s.name === 'attract' && (state.notice?.id ?? noticeBefore) !== noticeBefore),
            'patron screen after the card',
          );
          timing({ kind: 'card', ms: performance.now() - started, status: screen.name });
          if (screen.name !== 'patron') {
            errors.push(`card not taken: ${JSON.stringify(core.state('patron').notice ?? {})}`);
            return;
          }
          for (const item of set) {
            await pace();
            await scanItem(item, 'check-out', timing);
          }
        } else {
          await core.handlers['patron.startCheckIn'](undefined);
          await until((s) => s.name === 'check-in', 'check-in screen');
          for (const item of set) {
            await pace();
            await scanItem(item, 'check-in', timing);
          }
        }
        await pace();
        await finish();
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
        // Back to attract for the next session, whatever happened.
        await core.handlers['patron.cancel'](undefined);
        await until((s) => s.name === 'attract', 'attract screen after cancel').catch(() => {});
      }
    },
    drained() {
      const { queued } = kiosk.offline.journal.counts();
      return queued === 0 && kiosk.offline.sync.status().phase === 'idle';
    },
    async stop() {
      offAuth();
      await kiosk.stop();
    },
  };
}

/**
 * Cards and items for `count` kiosks from the service's own (fresh, seeded) database: members who
 * may borrow 3 more items (active, not expired, fine within their type's threshold, under their
 * loan limit), several kiosks to a member where the limit allows; items nobody holds.
 */
export function planFleet(serviceDataDir: string, count: number): FleetPlan[] {
  const db = new Database(path.join(serviceDataDir, DATABASE_FILE), { readonly: true });
  try {
    const today = new Date().toISOString().slice(0, 10);
    const members = db
      .prepare<[string], { barcode: string; room: number }>(
        `SELECT m.barcode AS barcode, t.loan_limit - (SELECT COUNT(*) FROM loans l WHERE l.member_id = m.id) AS room
         FROM members m JOIN member_types t ON t.id = m.member_type_id
         WHERE m.status = 'active' AND m.expiry_date >= ? AND m.fine_cents <= t.fine_threshold_cents
         ORDER BY m.id`,
      )
      .all(today);
    const cards: string[] = [];
    // A member's three items at a time per kiosk, two sets out at most: room for 6 each.
    for (const member of members) {
      for (let slot = 0; slot < Math.floor(member.room / 6); slot += 1) cards.push(member.barcode);
    }
    const held = new Set(
      db
        .prepare<[], { item_barcode: string }>('SELECT item_barcode FROM loans')
        .all()
        .map((row) => row.item_barcode),
    );
    const items = db
      .prepare<[], { barcode: string }>('SELECT barcode FROM items ORDER BY barcode')
      .all()
      .map((row) => row.barcode)
      .filter((item) => !held.has(item));
    // One member per kiosk first, then members with room for more share.
    const firsts = [...new Set(cards)];
    const order = [...firsts, ...cards.filter((card, i) => cards.indexOf(card) !== i)];
    if (order.length < count || items.length < count * 6) {
      throw new Error(
        `the seed has room for ${order.length} kiosks and ${items.length} items: not ${count}`,
      );
    }
    return Array.from({ length: count }, (_, id) => ({
      id,
      card: order[id]!,
      sets: [items.slice(id * 6, id * 6 + 3), items.slice(id * 6 + 3, id * 6 + 6)],
    }));
  } finally {
    db.close();
  }
}

export interface LedgerCount {
  acknowledged: number;
  applied: number;
  /** Acknowledged at a kiosk, missing at the service. */
  lost: number;
  /** At the service more often than acknowledged. */
  doubled: number;
}

/**
 * The service's transactions against what the kiosks acknowledged, item by item (each item is
 * one kiosk's): check-outs (with renewals) and check-ins, counted from the service's own tables.
 */
export function checkFleetLedger(
  serviceDataDir: string,
  plans: readonly FleetPlan[],
  acknowledged: readonly Acknowledged[],
): LedgerCount {
  const db = new Database(path.join(serviceDataDir, DATABASE_FILE), { readonly: true });
  try {
    const count = db.prepare<[string, string], { n: number }>(
      'SELECT COUNT(*) AS n FROM transactions WHERE item_barcode = ? AND kind = ?',
    );
    const expected = new Map<string, number>();
    for (const ack of acknowledged) {
      const key = `${ack.kind}|${ack.item}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const result: LedgerCount = {
      acknowledged: acknowledged.length,
      applied: 0,
      lost: 0,
      doubled: 0,
    };
    // Every item of every plan, acknowledged or not: a transaction nobody acknowledged is doubled.
    for (const item of plans.flatMap((plan) => plan.sets.flat())) {
      for (const kind of ['check-out', 'check-in'] as const) {
        const want = expected.get(`${kind}|${item}`) ?? 0;
        const got =
          kind === 'check-in'
            ? (count.get(item, 'checkin')?.n ?? 0)
            : (count.get(item, 'checkout')?.n ?? 0) + (count.get(item, 'renewal')?.n ?? 0);
        result.applied += Math.min(got, want);
        result.lost += Math.max(0, want - got);
        result.doubled += Math.max(0, got - want);
      }
    }
    return result;
  } finally {
    db.close();
  }
}
