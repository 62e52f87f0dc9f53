import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { WedgeTrace } from '../../support/record-wedge-traces';
import {
  BURST_GAP_MS,
  DEFAULT_WEDGE_OPTIONS,
  RETAKE_WINDOW_MS,
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

  it('waits up to BURST_GAP_MS inside a machine-fast burst ended by a suffix', () => {
    const events = keys('31234000012342', 8);
    for (const event of events.slice(10)) event.timeStamp += BURST_GAP_MS - 10;
    expect(run(detector(), events).scans).toEqual(['31234000012342']);
  });

  it('splits a burst at a gap over BURST_GAP_MS', () => {
    const events = keys('31234000012342', 8);
    // The four keys after the gap are too few to be a scan of their own: a partial read.
    for (const event of events.slice(10)) event.timeStamp += BURST_GAP_MS + 10;
    const { steps, scans, typed } = run(detector(), events);
    expect(scans).toEqual([]);
    expect(typed).toBe('3123400001');
    expect(steps.flatMap((step) => (step.short === undefined ? [] : [step.short]))).toEqual([
      '2342',
    ]);
  });

  it('without suffix keys, still ends a fast burst at a pause of three times holdMs', () => {
    const events = keys('31234000012342', 8, '');
    for (const event of events.slice(10)) event.timeStamp += 200;
    const { scans, typed } = run(detector({ suffixKeys: [] }), events);
    expect(scans).toEqual(['3123400001']);
    expect(typed).toBe('2342');
  });

  it('judges a burst by its median interval, so one late key does not make it typing', () => {
    // Fourteen keys 2 ms apart and an Enter 481 ms late: 34 ms a key on average.
    const events = keys('34410000000019', 2);
    (events.at(-1) as WedgeKey).timeStamp += 481;
    expect(run(detector(), events).scans).toEqual(['34410000000019']);
  });

  it('takes back the first key of a scan, given back as typing because the second was late', () => {
    const events = keys('34410000000019', 2);
    for (const event of events.slice(1)) event.timeStamp += 136;
    const { scans, typed } = run(detector(), events);
    expect(typed).toBe('3');
    expect(scans).toEqual(['34410000000019']);
  });

  it('takes back the first two keys when the third was late', () => {
    const events = keys('34410000000019', 2);
    for (const event of events.slice(2)) event.timeStamp += 90;
    expect(run(detector(), events).scans).toEqual(['34410000000019']);
  });

  it('never takes back keys a person saw typed into a field', () => {
    const d = detector();
    const events = keys('34410000000019', 2);
    for (const event of events.slice(1)) event.timeStamp += 136;
    const [first, ...rest] = events as [WedgeKey, ...WedgeKey[]];
    d.feed(first, 'field');
    expect(d.idle(first.timeStamp + DEFAULT_WEDGE_OPTIONS.holdMs).release).toHaveLength(1);
    d.givenBackWereSeen();
    expect(run(d, rest).scans).toEqual(['4410000000019']);
  });

  it('does not glue a key typed more than RETAKE_WINDOW_MS before a scan onto it', () => {
    const events = [
      ...keys('7', 0, ''),
      ...keys('34410000000019', 2, 'Enter', 1001 + RETAKE_WINDOW_MS),
    ];
    const { scans, typed } = run(detector(), events);
    expect(typed).toBe('7');
    expect(scans).toEqual(['34410000000019']);
  });

  it('does not call a fast burst shorter than the minimum length a scan: it is a partial read', () => {
    const { steps, scans, typed, consumed } = run(detector(), keys('12345', 5));
    expect(scans).toEqual([]);
    expect(typed).toBe('');
    expect(consumed).toBe(6);
    expect(steps.at(-1)?.short).toBe('12345');
  });

  it('types two fast keys and Enter: too few for a machine, so a person', () => {
    const { steps, typed } = run(detector(), keys('12', 5));
    expect(typed).toBe('12');
    expect(steps.some((step) => step.short !== undefined)).toBe(false);
    expect(steps.at(-1)?.consume).toBe(false);
  });

  it('types a short slow burst ended with Enter as a person would', () => {
    const { steps, typed } = run(detector(), keys('12345', 120));
    expect(typed).toBe('12345');
    expect(steps.some((step) => step.short !== undefined)).toBe(false);
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

  describe('on key timings recorded in Chromium (fixtures/wedge-traces.json)', () => {
    const traces = JSON.parse(
      readFileSync(new URL('./fixtures/wedge-traces.json', import.meta.url), 'utf8'),
    ) as WedgeTrace[];

    it('has loaded-machine traces with a key more than holdMs late, early and late in the code', () => {
      const gaps = (trace: WedgeTrace) =>
        trace.keys.slice(1).map(({ at }, i) => at - (trace.keys[i] as { at: number }).at);
      const late = traces.filter((trace) => Math.max(...gaps(trace)) > 50);
      expect(late.length).toBeGreaterThanOrEqual(20);
      expect(late.some((trace) => (gaps(trace)[0] as number) > 50)).toBe(true);
      expect(late.some((trace) => (gaps(trace).at(-1) as number) > 50)).toBe(true);
    });

    it.each(traces.map((trace, i) => [i, trace] as const))(
      'recognises trace %i as the whole code, typing at most the two keys it takes back',
      (_i, trace) => {
        const code = trace.keys
          .slice(0, -1)
          .map(({ key }) => key)
          .join('');
        const events = trace.keys.map(({ key, at }) => ({ key, timeStamp: 1000 + at }));
        const { scans, typed } = run(detector(), events);
        expect(scans).toEqual([code]);
        expect(code.startsWith(typed) && typed.length <= 2).toBe(true);
      },
    );
  });
});
