import { describe, expect, it } from 'vitest';
import { throttle } from '../../../src-renderer/lib/activity';

describe('activity throttle', () => {
  it('reports the first touch at once and at most one per interval after it', () => {
    let now = 0;
    let reports = 0;
    const touch = throttle(
      () => (reports += 1),
      2000,
      () => now,
    );
    touch();
    expect(reports).toBe(1);
    now = 1999;
    touch();
    expect(reports).toBe(1);
    now = 2000;
    touch();
    expect(reports).toBe(2);
  });
});
