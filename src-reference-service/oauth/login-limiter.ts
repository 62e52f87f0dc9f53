import { createHash } from 'node:crypto';
import { err, ok, type Result } from '../../src-common/result';

/**
 * Sign-in attempt limit of the staff login form, kept in memory.
 *
 * Failures are counted per user name and per client address. `maxFailures` failures within
 * `windowMs` lock that user name (or address): every further attempt is refused unchecked, the
 * right password too, until the lock ends. Each failure after a lock ended locks again, twice as
 * long (firstLockMs, 2x, 4x ... up to maxLockMs). The run ends, and the count starts from zero,
 * once a whole window passes after the last lock without a failure. A successful sign-in resets
 * the user name's count (not the address's: one known password must not buy guesses at others).
 *
 * Attempts still being checked count against the budget, so parallel requests cannot all slip
 * past a lock that the first of them would have started. Each table keeps at most `maxEntries`
 * keys, least recently used dropped first (unlocked ones before locked ones), so varying user
 * names cannot grow memory without bound.
 */

export interface LoginLimits {
  /** Failures within `windowMs` that start a lock. */
  maxFailures: number;
  windowMs: number;
  /** The first lock; each further failure doubles it, up to `maxLockMs`. */
  firstLockMs: number;
  maxLockMs: number;
  /** Keys kept per table (user names, addresses). */
  maxEntries: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  firstLockMs: 1_000,
  maxLockMs: 15 * 60_000,
  maxEntries: 10_000,
};

/** One attempt let through: report how it ended, exactly once (later calls do nothing). */
export interface LoginAttempt {
  succeeded(): void;
  /** Counts the failure; answers the lock it started in ms (0 when none). */
  failed(): number;
  /** Neither (the check threw): frees the attempt's place without counting it. */
  abandoned(): void;
}

export interface LoginRefusal {
  /** When to try again, in ms from now (at least 1). */
  retryAfterMs: number;
}

export interface LoginLimiter {
  begin(username: string, address: string | undefined): Result<LoginAttempt, LoginRefusal>;
  /** Keys held, for tests of the memory bound. */
  size(): { users: number; addresses: number };
}

interface Entry {
  /** Times of the failures within the window (the last maxFailures at most). */
  failures: number[];
  /** Locks in the current run; the next one lasts firstLockMs * 2^level. */
  level: number;
  lockedUntil: number;
  /** Attempts let through and not yet settled. */
  pending: number;
}

const MAX_KEY_LENGTH = 64;

/** The user name as the account lookup sees it; a long one is hashed so keys stay small. */
export function userKey(username: string): string {
  const key = username.trim().toLowerCase();
  return key.length <= MAX_KEY_LENGTH
    ? key
    : `sha256:${createHash('sha256').update(key).digest('base64url')}`;
}

/** The socket's address; an IPv4 address seen through an IPv6 socket counts as itself. */
export function addressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

class Table {
  readonly #entries = new Map<string, Entry>();

  constructor(readonly limits: LoginLimits) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The entry brought up to `now`, moved to the most recently used end; undefined when none. */
  find(key: string, now: number): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    this.#age(entry, now);
    return entry;
  }

  findOrCreate(key: string, now: number): Entry {
    const found = this.find(key, now);
    if (found) return found;
    if (this.#entries.size >= this.limits.maxEntries) this.#dropOne(now);
    const entry: Entry = { failures: [], level: 0, lockedUntil: 0, pending: 0 };
    this.#entries.set(key, entry);
    return entry;
  }

  /** Drops the entry when it holds nothing worth keeping. */
  release(key: string, entry: Entry, now: number): void {
    if (this.#idle(entry, now) && this.#entries.get(key) === entry) this.#entries.delete(key);
  }

  /** Ms until an attempt may be made; 0 when one may be made now. */
  wait(entry: Entry, now: number): number {
    const { firstLockMs, maxLockMs, maxFailures } = this.limits;
    // Clamped: a clock set back must not turn a lock into a longer one.
    if (entry.lockedUntil > now) return Math.min(entry.lockedUntil - now, maxLockMs);
    // In a run one attempt at a time; before it, no more in flight than failures left.
    const budget = entry.level > 0 ? 1 : maxFailures - entry.failures.length;
    return entry.pending >= budget ? firstLockMs : 0;
  }

  /** Counts a failure; answers the lock it starts in ms (0 when none). */
  fail(entry: Entry, now: number): number {
    const { maxFailures, firstLockMs, maxLockMs } = this.limits;
    this.#age(entry, now);
    entry.failures.push(now);
    if (entry.failures.length > maxFailures) entry.failures.shift();
    if (entry.level === 0 && entry.failures.length < maxFailures) return 0;
    const lockMs = Math.min(firstLockMs * 2 ** Math.min(entry.level, 52), maxLockMs);
    entry.lockedUntil = now + lockMs;
    entry.level += 1;
    return lockMs;
  }

  /** Forgets failures that left the window, and the run once a window passed after its lock. */
  #age(entry: Entry, now: number): void {
    const { windowMs } = this.limits;
    if (entry.level > 0 && now - entry.lockedUntil >= windowMs) {
      entry.level = 0;
      entry.failures = [];
    }
    // Times after now (a clock set back) stay counted.
    entry.failures = entry.failures.filter((at) => now - at < windowMs);
  }

  #idle(entry: Entry, now: number): boolean {
    return (
      entry.pending === 0 &&
      entry.level === 0 &&
      entry.failures.length === 0 &&
      entry.lockedUntil <= now
    );
  }

  /** Makes room: the least recently used entry that is neither locked nor in use, else the oldest. */
  #dropOne(now: number): void {
    let oldest: string | undefined;
    for (const [key, entry] of this.#entries) {
      oldest ??= key;
      if (entry.lockedUntil <= now && entry.pending === 0) {
        this.#entries.delete(key);
        return;
      }
    }
    if (oldest !== undefined) this.#entries.delete(oldest);
  }
}

export function createLoginLimiter(
  limits: Partial<LoginLimits> = {},
  now: () => number = Date.now,
): LoginLimiter {
  const settings = { ...DEFAULT_LOGIN_LIMITS, ...limits };
  const users = new Table(settings);
  const addresses = new Table(settings);

  function begin(
    username: string,
    address: string | undefined,
  ): Result<LoginAttempt, LoginRefusal> {
    const at = now();
    const userId = userKey(username);
    const addressId = addressKey(address);
    // Look before creating: a refused attempt adds no key.
    const userEntry = users.find(userId, at);
    const addressEntry = addresses.find(addressId, at);
    const waitMs = Math.max(
      userEntry ? users.wait(userEntry, at) : 0,
      addressEntry ? addresses.wait(addressEntry, at) : 0,
    );
    if (waitMs > 0) return err({ retryAfterMs: Math.max(1, Math.ceil(waitMs)) });

    const user = userEntry ?? users.findOrCreate(userId, at);
    const from = addressEntry ?? addresses.findOrCreate(addressId, at);
    user.pending += 1;
    from.pending += 1;
    let settled = false;
    const settle = (): number | undefined => {
      if (settled) return undefined;
      settled = true;
      user.pending = Math.max(0, user.pending - 1);
      from.pending = Math.max(0, from.pending - 1);
      return now();
    };
    return ok({
      succeeded: () => {
        const end = settle();
        if (end === undefined) return;
        user.failures = [];
        user.level = 0;
        user.lockedUntil = 0;
        users.release(userId, user, end);
        addresses.release(addressId, from, end);
      },
      failed: () => {
        const end = settle();
        if (end === undefined) return 0;
        // Looked up again: under pressure the table may have dropped the entry meanwhile.
        return Math.max(
          users.fail(users.findOrCreate(userId, end), end),
          addresses.fail(addresses.findOrCreate(addressId, end), end),
        );
      },
      abandoned: () => {
        const end = settle();
        if (end === undefined) return;
        users.release(userId, user, end);
        addresses.release(addressId, from, end);
      },
    });
  }

  return { begin, size: () => ({ users: users.size, addresses: addresses.size }) };
}

/** "2 seconds", "1 minute", "15 minutes": the wait as the login page says it (rounded up). */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
