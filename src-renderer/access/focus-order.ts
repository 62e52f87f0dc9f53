/**
 * Where Up and Down take the keypad's focus among a screen's `count` controls, in the order they
 * are read (DOM order): the next or previous, wrapping at either end; from none (nothing of the
 * screen has focus yet) to `start`, the screen's first control. Undefined when there is none.
 */
export function nextFocus(
  count: number,
  current: number | undefined,
  start: number,
  direction: 'up' | 'down',
): number | undefined {
  if (count <= 0) return undefined;
  if (current === undefined || current < 0 || current >= count)
    return Math.min(Math.max(start, 0), count - 1);
  const step = direction === 'down' ? 1 : -1;
  return (current + step + count) % count;
}
