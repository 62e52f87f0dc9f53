import { describe, expect, it } from 'vitest';
import {
  addressKey,
  createLoginLimiter,
  describeWait,
  userKey,
  type LoginLimiter,
  type LoginLimits,
} from '../../../src-reference-service/oauth/login-limiter';

// The sign-in attempt limit on its own, with a hand-driven clock (no service, no HTTP).

const MIN = 60_000;

function limiter(limits: Partial<LoginLimits> = {}) {
  let clock = 1_700_000_000_000;
  const subject = createLoginLimiter(limits, () => clock);
  return {
    subject,
    advance: (ms: number) => {
      clock += ms;
    },
    setBack: (ms: number) => {
      clock -= ms;
    },
  };
}

/** One attempt that fails its password check; answers the wait when refused, else undefined. */
function fail(subject: LoginLimiter, username: string, address = '127.0.0.1'): number | undefined {
  const gate = subject.begin(username, address);
  if (!gate.ok) return gate.error.retryAfterMs;
  gate.value.failed();
  return undefined;
}

function succeed(
  subject: LoginLimiter,
  username: string,
  address = '127.0.0.1',
): number | undefined {
  const gate = subject.begin(username, address);
  if (!gate.ok) return gate.error.retryAfterMs;
  gate.value.succeeded();
  return undefined;
}

const refusal = (subject: LoginLimiter, username: string, address = '127.0.0.1') => {
  const gate = subject.begin(username, address);
  if (gate.ok) {
    gate.value.abandoned();
    return undefined;
  }
  return gate.error.retryAfterMs;
};

describe('login limiter: per user name', () => {
  it('lets 5 failures through, then refuses unchecked for 1 s, the right password too', () => {
    const { subject, advance } = limiter();
    for (let i = 0; i < 5; i += 1)
      expect(fail(subject, 'librarian', `10.0.0.${i}`)).toBeUndefined();
    // From a sixth address, which has no failures of its own: the user name is locked.
    expect(succeed(subject, 'librarian', '10.0.0.99')).toBe(1_000);
    advance(999);
    expect(refusal(subject, 'librarian', '10.0.0.99')).toBe(1);
    advance(1);
    expect(succeed(subject, 'librarian', '10.0.0.99')).toBeUndefined();
  });

  it('doubles the lock with each further failure, up to 15 minutes', () => {
    const { subject, advance } = limiter();
    for (let i = 0; i < 5; i += 1) fail(subject, 'librarian', `10.0.0.${i}`);
    const waits: number[] = [];
    for (let i = 0; i < 14; i += 1) {
      const wait = refusal(subject, 'librarian', `10.1.0.${i}`) ?? 0;
      waits.push(wait);
      advance(wait);
      expect(fail(subject, 'librarian', `10.1.0.${i}`)).toBeUndefined();
    }
    expect(waits.map((ms) => ms / 1000)).toEqual([
      1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900,
    ]);
  });

  it('does not count or extend on attempts refused during a lock', () => {
    const { subject, advance } = limiter();
    for (let i = 0; i < 5; i += 1) fail(subject, 'librarian', `10.0.0.${i}`);
    for (let i = 0; i < 50; i += 1) expect(fail(subject, 'librarian', '10.2.0.1')).toBe(1_000);
    advance(1_000);
    fail(subject, 'librarian', '10.2.0.1');
    expect(refusal(subject, 'librarian', '10.2.0.2')).toBe(2_000);
  });

  it('counts failures within 15 minutes only', () => {
    const { subject, advance } = limiter();
    for (let i = 0; i < 4; i += 1) fail(subject, 'librarian', `10.0.0.${i}`);
    advance(15 * MIN);
    for (let i = 0; i < 4; i += 1) fail(subject, 'librarian', `10.0.1.${i}`);
    expect(refusal(subject, 'librarian', '10.0.2.1')).toBeUndefined();
    fail(subject, 'librarian', '10.0.2.1');
    expect(refusal(subject, 'librarian', '10.0.2.2')).toBe(1_000);
  });

  it('forgets a run after 15 quiet minutes past its last lock: the next lock is 1 s again', () => {
    const { subject, advance } = limiter();
    for (let i = 0; i < 5; i += 1) fail(subject, 'librarian', `10.0.0.${i}`);
    advance(1_000);
    fail(subject, 'librarian', '10.0.0.9'); // 2 s lock
    advance(2_000 + 15 * MIN);
    for (let i = 0; i < 4; i += 1)
      expect(fail(subject, 'librarian', `10.3.0.${i}`)).toBeUndefined();
    expect(refusal(subject, 'librarian', '10.3.0.9')).toBeUndefined();
    fail(subject, 'librarian', '10.3.0.9');
    expect(refusal(subject, 'librarian', '10.3.0.10')).toBe(1_000);
  });

  it('resets the user name on a success', () => {
    const { subject } = limiter();
    for (let i = 0; i < 4; i += 1) fail(subject, 'librarian', `10.0.0.${i}`);
    expect(succeed(subject, 'librarian', '10.0.0.8')).toBeUndefined();
    for (let i = 0; i < 4; i += 1)
      expect(fail(subject, 'librarian', `10.0.1.${i}`)).toBeUndefined();
    expect(refusal(subject, 'librarian', '10.0.1.9')).toBeUndefined();
  });

  it('treats user names as the account lookup does: trimmed, any case', () => {
    const { subject } = limiter();
    const names = ['librarian', 'Librarian', ' LIBRARIAN ', 'libraRian', 'librarian\t'];
    names.forEach((name, i) => fail(subject, name, `10.0.0.${i}`));
    expect(refusal(subject, 'librarian', '10.0.0.9')).toBe(1_000);
    expect(userKey(' LiBrarian ')).toBe('librarian');
  });

  it('keeps other user names apart', () => {
    const { subject } = limiter();
    for (let i = 0; i < 5; i += 1) fail(subject, 'librarian', `10.0.0.${i}`);
    expect(succeed(subject, 'assistant', '10.0.0.50')).toBeUndefined();
  });
});

describe('login limiter: per client address', () => {
  it('locks an address after 5 failures with varied user names, for every user name', () => {
    const { subject } = limiter();
    for (let i = 0; i < 5; i += 1) expect(fail(subject, `guess-${i}`, '192.0.2.7')).toBeUndefined();
    expect(succeed(subject, 'librarian', '192.0.2.7')).toBe(1_000);
    expect(succeed(subject, 'librarian', '192.0.2.8')).toBeUndefined();
  });

  it('is not reset by a success: one known password buys no guesses at other names', () => {
    const { subject } = limiter();
    for (let i = 0; i < 4; i += 1) fail(subject, `guess-${i}`, '192.0.2.7');
    expect(succeed(subject, 'librarian', '192.0.2.7')).toBeUndefined();
    expect(fail(subject, 'guess-9', '192.0.2.7')).toBeUndefined();
    expect(refusal(subject, 'guess-10', '192.0.2.7')).toBe(1_000);
  });

  it('counts an IPv4 address seen through an IPv6 socket as itself', () => {
    const { subject } = limiter();
    for (let i = 0; i < 5; i += 1)
      fail(subject, `guess-${i}`, i % 2 ? '::ffff:192.0.2.7' : '192.0.2.7');
    expect(refusal(subject, 'librarian', '192.0.2.7')).toBe(1_000);
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey(undefined)).toBe('unknown');
  });
});

describe('login limiter: attempts in flight', () => {
  it('lets no more attempts be checked at once than failures remain before a lock', () => {
    const { subject } = limiter();
    for (let i = 0; i < 3; i += 1) fail(subject, 'librarian', `10.0.0.${i}`);
    const first = subject.begin('librarian', '10.0.1.1');
    const second = subject.begin('librarian', '10.0.1.2');
    const third = subject.begin('librarian', '10.0.1.3');
    expect([first.ok, second.ok, third.ok]).toEqual([true, true, false]);
    if (first.ok) first.value.failed();
    if (second.ok) second.value.failed(); // the fifth failure: locked
    expect(refusal(subject, 'librarian', '10.0.1.4')).toBe(1_000);
  });

  it('checks one attempt at a time once locks have started', () => {
    const { subject, advance } = limiter();
    for (let i = 0; i < 5; i += 1) fail(subject, 'librarian', `10.0.0.${i}`);
    advance(1_000);
    const first = subject.begin('librarian', '10.0.1.1');
    expect(first.ok).toBe(true);
    expect(refusal(subject, 'librarian', '10.0.1.2')).toBe(1_000);
    if (first.ok) first.value.abandoned();
    expect(refusal(subject, 'librarian', '10.0.1.2')).toBeUndefined();
  });

  it('settles an attempt once: repeated or mixed reports change nothing', () => {
    const { subject } = limiter();
    const gate = subject.begin('librarian', '10.0.0.1');
    if (!gate.ok) throw new Error('refused');
    gate.value.failed();
    for (let i = 0; i < 10; i += 1) {
      expect(gate.value.failed()).toBe(0);
      gate.value.succeeded();
    }
    for (let i = 0; i < 3; i += 1) fail(subject, 'librarian', `10.0.1.${i}`);
    // 4 failures counted, not 14 and not reset by the stray successes.
    expect(refusal(subject, 'librarian', '10.0.2.1')).toBeUndefined();
    expect(subject.size()).toEqual({ users: 1, addresses: 4 });
  });

  it('answers the lock a failure starts', () => {
    const { subject } = limiter();
    const results: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const gate = subject.begin('librarian', `10.0.0.${i}`);
      if (gate.ok) results.push(gate.value.failed());
    }
    expect(results).toEqual([0, 0, 0, 0, 1_000]);
  });
});

describe('login limiter: memory', () => {
  it('keeps at most maxEntries user names and addresses however many are tried', () => {
    const { subject, advance } = limiter({ maxEntries: 100 });
    for (let i = 0; i < 5_000; i += 1) {
      fail(
        subject,
        `spray-${i}-${'x'.repeat(i % 300)}`,
        `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      );
      advance(10);
    }
    const { users, addresses } = subject.size();
    expect(users).toBeLessThanOrEqual(100);
    expect(addresses).toBeLessThanOrEqual(100);
  });

  it('drops unlocked entries before a locked one', () => {
    const { subject } = limiter({ maxEntries: 10 });
    for (let i = 0; i < 5; i += 1) fail(subject, 'librarian', `10.0.0.${i}`);
    for (let i = 0; i < 200; i += 1) fail(subject, `spray-${i}`, `10.9.${i >> 8}.${i & 255}`);
    expect(refusal(subject, 'librarian', '10.0.9.9')).toBe(1_000);
  });

  it('holds no key for a success or a refused attempt', () => {
    const { subject } = limiter();
    succeed(subject, 'librarian', '10.0.0.1');
    expect(subject.size()).toEqual({ users: 0, addresses: 0 });
    for (let i = 0; i < 5; i += 1) fail(subject, `guess-${i}`, '10.0.0.2');
    expect(refusal(subject, 'someone-new', '10.0.0.2')).toBe(1_000);
    expect(subject.size()).toEqual({ users: 5, addresses: 1 });
  });

  it('keys a very long user name by its hash', () => {
    const long = `${'a'.repeat(10_000)}`;
    expect(userKey(long).length).toBeLessThan(80);
    expect(userKey(long)).toBe(userKey(` ${long.toUpperCase()} `));
    expect(userKey(long)).not.toBe(userKey(`${long}b`));
  });
});

describe('login limiter: clock', () => {
  it('never asks for more than the longest lock when the clock is set back', () => {
    const { subject, setBack } = limiter();
    for (let i = 0; i < 5; i += 1) fail(subject, 'librarian', `10.0.0.${i}`);
    setBack(24 * 60 * MIN);
    expect(refusal(subject, 'librarian', '10.0.0.9')).toBe(15 * MIN);
  });

  it('says the wait in whole seconds or minutes, rounded up', () => {
    expect([1, 1_000, 1_001, 59_000, 60_000, 61_000, 15 * MIN].map(describeWait)).toEqual([
      '1 second',
      '1 second',
      '2 seconds',
      '59 seconds',
      '1 minute',
      '2 minutes',
      '15 minutes',
    ]);
  });
});
