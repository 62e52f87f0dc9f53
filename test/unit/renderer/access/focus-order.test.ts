import { describe, expect, it } from 'vitest';
import { nextFocus } from '../../../../src-renderer/access/focus-order';

describe('keypad focus: Up and Down through a screen of controls', () => {
  it.each<[string, number, number | undefined, number, 'up' | 'down', number | undefined]>([
    ['no controls at all', 0, undefined, 0, 'down', undefined],
    ['no controls, Up', 0, undefined, 0, 'up', undefined],
    ['nothing focused yet: Down goes to the start', 5, undefined, 3, 'down', 3],
    ['nothing focused yet: Up goes to the start too', 5, undefined, 3, 'up', 3],
    ['focus outside the screen (-1): to the start', 5, -1, 2, 'down', 2],
    ['a stale index past the end: to the start', 3, 7, 1, 'down', 1],
    ['a start past the end is the last control', 3, undefined, 9, 'down', 2],
    ['a negative start is the first control', 3, undefined, -4, 'down', 0],
    ['Down: the next', 5, 1, 0, 'down', 2],
    ['Up: the previous', 5, 3, 0, 'up', 2],
    ['Down from the last wraps to the first', 5, 4, 2, 'down', 0],
    ['Up from the first wraps to the last', 5, 0, 2, 'up', 4],
    ['one control: Down stays on it', 1, 0, 0, 'down', 0],
    ['one control: Up stays on it', 1, 0, 0, 'up', 0],
  ])('%s', (_, count, current, start, direction, expected) => {
    expect(nextFocus(count, current, start, direction)).toBe(expected);
  });

  it('Down from the start visits every control once and comes back, Up the same backwards', () => {
    const order = (direction: 'up' | 'down'): number[] => {
      const seen: number[] = [];
      let at: number | undefined = nextFocus(6, undefined, 2, direction);
      for (let i = 0; i < 6 && at !== undefined; i += 1) {
        seen.push(at);
        at = nextFocus(6, at, 2, direction);
      }
      expect(at).toBe(2);
      return seen;
    };
    expect(order('down')).toEqual([2, 3, 4, 5, 0, 1]);
    expect(order('up')).toEqual([2, 1, 0, 5, 4, 3]);
  });
});
