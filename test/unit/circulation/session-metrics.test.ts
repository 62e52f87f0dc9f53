import { asMember } from '../../support/barcodes';
import { describe, expect, it } from 'vitest';
import {
  createSessionMetrics,
  lineOperation,
  lineOutcome,
  sessionEndOf,
  sessionKindOf,
} from '../../../src-main/circulation/session-metrics';
import type { SessionInput } from '../../../src-main/circulation/session-events';
import { initialSessionState } from '../../../src-main/circulation/session-state';
import type { Line, SessionState, SessionStep } from '../../../src-main/circulation/session-state';
import { recordingMetrics } from '../../support/recording-metrics';
import { err, ok } from '../../../src-common/result';

const line = (change: Partial<Line>): Line => ({
  id: 0,
  label: 'A title',
  labelIs: 'title',
  status: 'done',
  ...change,
});
const receipt = (kind: 'check-out' | 'check-in'): SessionStep => ({
  name: 'receipt',
  step: 'ask',
  receipt: { kind, branchName: 'Central', at: '2026-01-01T00:00:00Z', firstName: '', lines: [] },
});
const patronStep = {
  name: 'patron',
  memberBarcode: undefined,
  patron: { firstName: '', loans: [], fine: 0 },
  lines: [],
  itemLines: [],
  dueDates: {},
  loanItems: [],
  finishing: false,
} as unknown as SessionStep;
const checkInStep: SessionStep = { name: 'check-in', lines: [], itemLines: [], finishing: false };

describe('sessionKindOf', () => {
  it.each<[SessionStep, string | undefined]>([
    [{ name: 'attract' }, undefined],
    [{ name: 'email-entry' }, undefined],
    [{ name: 'identifying' }, undefined],
    [{ name: 'pin-entry', memberBarcode: asMember('x'), wrongTries: 0 }, undefined],
    [patronStep, 'check-out'],
    [checkInStep, 'check-in'],
    [receipt('check-out'), 'check-out'],
    [receipt('check-in'), 'check-in'],
    [{ name: 'thanks', firstName: '', kind: 'check-out' }, undefined],
  ])('%o is %s', (step, kind) => expect(sessionKindOf(step)).toBe(kind));
});

describe('sessionEndOf', () => {
  it.each<[SessionInput, string]>([
    [{ type: 'timer-fired', timer: 'inactivity-end', generation: 1 }, 'timed-out'],
    [{ type: 'cancel' }, 'cancelled'],
    [{ type: 'patron-cancel' }, 'cancelled'],
    [{ type: 'availability', signedIn: false }, 'cancelled'],
    [{ type: 'connectivity', online: false }, 'cancelled'],
    [{ type: 'finish' }, 'completed'],
    [{ type: 'receipt-chosen', print: false }, 'completed'],
    [{ type: 'receipt-printed', generation: 1 }, 'completed'],
  ])('%o ends it %s', (input, end) => expect(sessionEndOf(input)).toBe(end));
});

describe('lineOperation', () => {
  it.each<[SessionStep, Partial<Line>, string]>([
    [checkInStep, {}, 'check-in'],
    [patronStep, {}, 'check-out'],
    [patronStep, { renewed: true }, 'renewal'],
    [patronStep, { renewal: 'not-renewed' }, 'renewal'],
    [patronStep, { renewed: false }, 'check-out'],
  ])('%s with %o is %s', (step, change, operation) =>
    expect(lineOperation(step, line(change))).toBe(operation),
  );
});

describe('lineOutcome', () => {
  const answered = (error?: 'refused' | 'unreachable'): SessionInput => ({
    type: 'check-out-answered',
    generation: 1,
    lineId: 0,
    result: error
      ? err(
          error === 'refused'
            ? { kind: 'refused', operation: 'checkOut', status: 409, outcome: 'not-applied' }
            : { kind: 'unreachable', operation: 'checkOut', cause: 'x', outcome: 'not-applied' },
        )
      : ok({} as never),
  });
  const declined: SessionInput = {
    type: 'line-declined',
    generation: 1,
    lineId: 0,
    message: { kind: 'unavailable' },
  } as SessionInput;
  it.each<[Line['status'], SessionInput, string | undefined]>([
    ['pending', answered(), undefined],
    ['done', answered(), 'done'],
    ['queued', answered(), 'queued'],
    ['refused', answered('refused'), 'refused'],
    ['refused', answered('unreachable'), 'failed'],
    ['refused', declined, 'refused'],
  ])('%s after %o is %s', (status, input, outcome) =>
    expect(lineOutcome(line({ status }), input)).toBe(outcome),
  );
});

describe('createSessionMetrics: the patron PIN lockout', () => {
  const state = (notice?: { id: number; kind: string }): SessionState => ({
    ...initialSessionState(false),
    ...(notice
      ? { notice: { id: notice.id, tone: 'error', message: { kind: notice.kind } as never } }
      : {}),
  });
  it('counts the notice that the PIN tries are used once, and no other notice', () => {
    const metrics = recordingMetrics();
    const observer = createSessionMetrics(metrics);
    const pinInput: SessionInput = { type: 'activity' };
    observer.observe(state(), pinInput, state({ id: 1, kind: 'unavailable' }), 0);
    expect(metrics.of('pinLockout')).toEqual([]);
    const used = state({ id: 2, kind: 'pin-tries-used' });
    observer.observe(state({ id: 1, kind: 'unavailable' }), pinInput, used, 0);
    // The same notice still showing after another event is not another lockout.
    observer.observe(used, pinInput, { ...used }, 0);
    expect(metrics.of('pinLockout')).toEqual([['patron']]);
  });
});
