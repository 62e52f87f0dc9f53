import { describe, expect, it } from 'vitest';
import { isOutputEvent } from '../../../src-main/speech/headphone-watcher';

/** Which lines of `pactl subscribe` make the headphone watcher read the default sink again. */
describe('the events that can change where sound goes', () => {
  it.each([
    "Event 'change' on sink #47",
    "Event 'new' on sink #48",
    "Event 'remove' on sink #48",
    "Event 'change' on card #45",
    "Event 'change' on server #-1",
  ])('%s starts a read', (line) => {
    expect(isOutputEvent(line)).toBe(true);
  });

  it.each([
    "Event 'new' on sink-input #90",
    "Event 'remove' on sink-input #90",
    "Event 'change' on source #48",
    "Event 'change' on source-output #12",
    "Event 'change' on client #12",
    "Event 'new' on module #30",
    '',
    "event 'change' on sink #47",
  ])('%j starts none', (line) => {
    expect(isOutputEvent(line)).toBe(false);
  });
});
