import { expect, vi } from 'vitest';
import type { SessionDriver } from '../../src-main/circulation/session-driver';
import type { Line } from '../../src-main/circulation/session-state';

/** The session's lines once none awaits its answer (on the patron or check-in screen). */
export async function settledLines(session: SessionDriver): Promise<Line[]> {
  await vi.waitFor(() => {
    const { step } = session.state();
    expect(step.name === 'patron' || step.name === 'check-in').toBe(true);
    if (step.name !== 'patron' && step.name !== 'check-in') return;
    expect(step.lines.every((line) => line.status !== 'pending')).toBe(true);
  });
  const { step } = session.state();
  return step.name === 'patron' || step.name === 'check-in' ? step.lines : [];
}
