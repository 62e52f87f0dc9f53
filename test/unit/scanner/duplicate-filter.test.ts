import { describe, expect, it } from 'vitest';
import { DuplicateFilter } from '../../../src-main/scanner/duplicate-filter';

function clock(): { now: () => number; advance: (ms: number) => void } {
  let t = 1_000;
  return { now: () => t, advance: (ms) => (t += ms) };
}

describe('duplicate suppression', () => {
  it('ignores the same code again within the window', () => {
    const time = clock();
    const filter = new DuplicateFilter(2000, time.now);
    expect(filter.admit('31234000012342')).toBe(true);
    time.advance(1999);
    expect(filter.admit('31234000012342')).toBe(false);
  });

  it('admits the same code once the window has passed since it was last seen', () => {
    const time = clock();
    const filter = new DuplicateFilter(2000, time.now);
    filter.admit('31234000012342');
    time.advance(2000);
    expect(filter.admit('31234000012342')).toBe(true);
  });

  it('keeps suppressing a code re-read continuously, as a presentation scanner does', () => {
    const time = clock();
    const filter = new DuplicateFilter(2000, time.now);
    filter.admit('31234000012342');
    for (let i = 0; i < 5; i++) {
      time.advance(1500);
      expect(filter.admit('31234000012342')).toBe(false);
    }
  });

  it('admits a different code at once', () => {
    const time = clock();
    const filter = new DuplicateFilter(2000, time.now);
    filter.admit('31234000012342');
    time.advance(10);
    expect(filter.admit('21234000567891')).toBe(true);
  });

  it('forgets codes older than the window, so memory stays bounded', () => {
    const time = clock();
    const filter = new DuplicateFilter(2000, time.now);
    for (let i = 0; i < 1000; i++) {
      filter.admit(`code-${i}`);
      time.advance(100);
    }
    expect(filter.size).toBeLessThanOrEqual(20);
  });

  it('admits everything with a zero window', () => {
    const filter = new DuplicateFilter(0, clock().now);
    expect(filter.admit('31234000012342')).toBe(true);
    expect(filter.admit('31234000012342')).toBe(true);
  });
});
