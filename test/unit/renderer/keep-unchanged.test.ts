import { describe, expect, it } from 'vitest';
import { keepUnchanged } from '../../../src-renderer/lib/keep-unchanged';

describe('keepUnchanged', () => {
  it('returns the previous value when the next one equals it', () => {
    const previous = { screen: { name: 'patron', lines: [{ id: 0, status: 'done' }] }, volume: 1 };
    const next = structuredClone(previous);
    expect(keepUnchanged(previous, next)).toBe(previous);
  });

  it('keeps the unchanged lines and replaces the one that changed', () => {
    const previous = {
      lines: [
        { id: 0, status: 'done' },
        { id: 1, status: 'pending' },
      ],
    };
    const next = {
      lines: [
        { id: 0, status: 'done' },
        { id: 1, status: 'done', due: 'x' },
      ],
    };
    const kept = keepUnchanged(previous, next);
    expect(kept).toEqual(next);
    expect(kept).not.toBe(previous);
    expect(kept.lines[0]).toBe(previous.lines[0]);
    expect(kept.lines[1]).toEqual(next.lines[1]);
    expect(kept.lines[1]).not.toBe(previous.lines[1]);
  });

  it('keeps earlier lines when a line is appended', () => {
    const previous = { lines: [{ id: 0 }] };
    const next = { lines: [{ id: 0 }, { id: 1 }] };
    const kept = keepUnchanged(previous, next);
    expect(kept).toEqual(next);
    expect(kept.lines[0]).toBe(previous.lines[0]);
  });

  it('drops a key the next value no longer has', () => {
    const previous: { a: number; notice?: { id: number } } = { a: 1, notice: { id: 1 } };
    const next: { a: number; notice?: { id: number } } = { a: 1 };
    const kept = keepUnchanged(previous, next);
    expect(kept).toEqual({ a: 1 });
    expect('notice' in kept).toBe(false);
  });

  it('sees a key replaced by another of the same count as a change', () => {
    const previous: Record<string, number> = { a: 1 };
    const kept = keepUnchanged(previous, { b: 1 });
    expect(kept).toEqual({ b: 1 });
  });

  it('takes the next value where the kinds differ', () => {
    expect(keepUnchanged([1], { 0: 1 })).toEqual({ 0: 1 });
    expect(keepUnchanged({ loans: [] }, { loans: 'unknown' })).toEqual({ loans: 'unknown' });
    expect(keepUnchanged(undefined, { a: 1 })).toEqual({ a: 1 });
  });

  it('sees a shortened array as a change', () => {
    const previous = [1, 2];
    expect(keepUnchanged(previous, [1])).toEqual([1]);
  });
});
