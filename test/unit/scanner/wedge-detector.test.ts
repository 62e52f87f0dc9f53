import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WEDGE_OPTIONS,
  WedgeDetector,
  type WedgeKey,
  type WedgeStep,
} from '../../../src-renderer/lib/wedge/detector';

type Ctx = string;

/** Feeds `text` then `suffix` as keydowns `intervalMs` apart, starting at `start`. */
function keys(text: string, intervalMs: number, suffix = 'Enter', start = 1000): WedgeKey[] {
  const out: WedgeKey[] = [...text].map((key, i) => ({ key, timeStamp: start + i * intervalMs }));
  if (suffix) out.push({ key: suffix, timeStamp: start + text.length * intervalMs });
  return out;
}

/** Drives a detector like attach() does: idle() fires at each deadline passed between keys. */
function run(detector: WedgeDetector<Ctx>, events: WedgeKey[], endAt?: number) {
  const steps: WedgeStep<Ctx>[] = [];
  const tick = (now: number): void => {
    const deadline = detector.deadline;
    if (deadline !== undefined && deadline <= now) steps.push(detector.idle(deadline));
  };
  for (const event of events) {
    tick(event.timeStamp);
    steps.push(detector.feed(event, 'field'));
  }
  tick(endAt ?? (events.at(-1)?.timeStamp ?? 0) + 1000);
  const scans = steps.flatMap((step) => (step.scan === undefined ? [] : [step.scan]));
  const typed = steps.flatMap((step) => step.release.map((held) => held.key)).join('');
  const consumed = steps.filter((step) => step.consume).length;
  return { steps, scans, typed, consumed };
}

const detector = (options = {}) => new WedgeDetector<Ctx>({ ...DEFAULT_WEDGE_OPTIONS, ...options });

describe('wedge detector', () => {
  it('recognises fast characters ending in Enter as a scan', () => {
    const { scans, typed } = run(detector(), keys('31234000012342', 8));
    expect(scans).toEqual(['31234000012342']);
    expect(typed).toBe('');
  });

  it('cancels every key of a scan, the suffix included', () => {
    const { consumed } = run(detector(), keys('31234000012342', 8));
    expect(consumed).toBe(15);
  });

  it('accepts Tab as the suffix', () => {
    expect(run(detector(), keys('21234000567891', 5, 'Tab')).scans).toEqual(['21234000567891']);
  });

  it('gives slow typing back in order and lets its Enter through', () => {
    const { scans, typed, steps } = run(detector(), keys('hello world', 120));
    expect(scans).toEqual([]);
    expect(typed).toBe('hello world');
    expect(steps.at(-1)?.consume).toBe(false);
  });

  it('holds a typed key no longer than holdMs', () => {
    const d = detector();
    d.feed({ key: 'a', timeStamp: 1000 }, 'field');
    expect(d.deadline).toBe(1000 + DEFAULT_WEDGE_OPTIONS.holdMs);
    expect(d.idle(1049).release).toEqual([]);
    expect(d.idle(1050).release).toEqual([{ key: 'a', context: 'field' }]);
  });

  it('tolerates one late key inside a burst already at scanner speed', () => {
    const events = keys('31234000012342', 8);
    for (const event of events.slice(8)) event.timeStamp += 120;
    expect(run(detector(), events).scans).toEqual(['31234000012342']);
  });

  it('still releases two quick keys after holdMs, since two keys do not make a scanner', () => {
    const d = detector();
    d.feed({ key: 't', timeStamp: 1000 }, 'field');
    d.feed({ key: 'h', timeStamp: 1020 }, 'field');
    expect(d.deadline).toBe(1020 + DEFAULT_WEDGE_OPTIONS.holdMs);
  });

  it('splits a burst at a gap over three times holdMs', () => {
    const events = keys('31234000012342', 8);
    // The four keys after the gap are too few to be a scan of their own.
    for (const event of events.slice(10)) event.timeStamp += 200;
    const { scans, typed } = run(detector(), events);
    expect(scans).toEqual([]);
    expect(typed).toBe('31234000012342');
  });

  it('does not call a fast burst shorter than the minimum length a scan', () => {
    const { scans, typed } = run(detector(), keys('12345', 5));
    expect(scans).toEqual([]);
    expect(typed).toBe('12345');
  });

  it('does not call a burst whose average interval is over the threshold a scan', () => {
    const { scans, typed } = run(detector({ holdMs: 100 }), keys('31234000012342', 40));
    expect(scans).toEqual([]);
    expect(typed).toBe('31234000012342');
  });

  it('releases typed text before a scan that follows it, then recognises the scan', () => {
    const events = [...keys('ab', 150, ''), ...keys('31234000012342', 6, 'Enter', 2000)];
    const { scans, typed } = run(detector(), events);
    expect(typed).toBe('ab');
    expect(scans).toEqual(['31234000012342']);
  });

  it('gives human typing right after a scan back as typing', () => {
    const events = [...keys('31234000012342', 6, 'Enter', 1000), ...keys('ok', 150, '', 2000)];
    const { scans, typed } = run(detector(), events);
    expect(scans).toEqual(['31234000012342']);
    expect(typed).toBe('ok');
  });

  it('releases held keys before a non-character key such as Backspace', () => {
    const d = detector();
    d.feed({ key: 'x', timeStamp: 1000 }, 'field');
    const step = d.feed({ key: 'Backspace', timeStamp: 1010 }, 'field');
    expect(step).toEqual({ consume: false, release: [{ key: 'x', context: 'field' }] });
  });

  it('ignores Shift pressed on its own inside a scan', () => {
    const events: WedgeKey[] = [];
    let t = 1000;
    for (const key of 'LIB0012345') {
      if (key >= 'A' && key <= 'Z') events.push({ key: 'Shift', timeStamp: (t += 2) });
      events.push({ key, timeStamp: (t += 4) });
    }
    events.push({ key: 'Enter', timeStamp: t + 4 });
    expect(run(detector(), events).scans).toEqual(['LIB0012345']);
  });

  it('never holds auto-repeated keys, so holding a key down types normally', () => {
    const events: WedgeKey[] = [{ key: 'a', timeStamp: 1000 }];
    for (let i = 1; i <= 10; i++) events.push({ key: 'a', timeStamp: 1000 + i * 33, repeat: true });
    events.push({ key: 'Enter', timeStamp: 1400 });
    const { scans, consumed } = run(detector(), events);
    expect(scans).toEqual([]);
    expect(consumed).toBe(1);
  });

  it('lets keyboard shortcuts through untouched', () => {
    const d = detector();
    expect(d.feed({ key: 's', timeStamp: 1000, ctrlKey: true, altKey: true }, 'field')).toEqual({
      consume: false,
      release: [],
    });
  });

  it('lets a burst longer than the maximum through as typing', () => {
    const { scans, typed } = run(detector({ maxLength: 10 }), keys('1234567890123456', 5));
    expect(scans).toEqual([]);
    expect(typed).toBe('1234567890');
  });

  it('without suffix keys, ends a fast burst with the pause after it', () => {
    const { scans } = run(detector({ suffixKeys: [] }), keys('31234000012342', 5, ''));
    expect(scans).toEqual(['31234000012342']);
  });

  it('gives everything held back on flush', () => {
    const d = detector();
    d.feed({ key: '3', timeStamp: 1000 }, 'field');
    d.feed({ key: '1', timeStamp: 1005 }, 'field');
    expect(d.flush().map((held) => held.key)).toEqual(['3', '1']);
    expect(d.holding).toBe(0);
  });

  it('remembers the context each held key was typed in', () => {
    const d = detector();
    d.feed({ key: 'a', timeStamp: 1000 }, 'name');
    expect(d.idle(2000).release).toEqual([{ key: 'a', context: 'name' }]);
  });
});
