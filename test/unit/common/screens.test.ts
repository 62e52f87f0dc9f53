import { describe, expect, it } from 'vitest';
import { sessionTimerRunsOn } from '../../../src-common/screens';
import { isTimedStep } from '../../../src-main/circulation/session-state';
import type { SessionStep } from '../../../src-main/circulation/session-state';

describe("the screens where a patron's activity keeps the session alive", () => {
  it.each([
    ['attract', false],
    ['identifying', true],
    ['email-entry', true],
    ['patron', true],
    ['check-in', true],
    ['receipt', true],
    ['thanks', false],
    ['staff', false],
    ['staff-pin', false],
    ['toString', false],
    ['', false],
  ])('%s: %s, for the renderer and the core alike', (screen, runs) => {
    expect(sessionTimerRunsOn(screen)).toBe(runs);
    if (screen && !screen.startsWith('staff') && screen !== 'toString') {
      expect(isTimedStep({ name: screen } as SessionStep)).toBe(runs);
    }
  });
});
