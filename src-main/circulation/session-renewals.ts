import type { LoanLine } from '../../src-common/ipc/patron';
import { UNKNOWN } from '../library/values';
import type { SessionEffect } from './session-events';
import { stay, withNotice, type Transition } from './session-lifecycle';
import { checkOutItem } from './session-scans';
import {
  lineOfItem,
  type SessionConfig,
  type SessionState,
  type SessionStep,
} from './session-state';

/**
 * Renewals asked from the patron screen's list of loans, without the item in hand. Each is the
 * check-out of the item a re-scan would send (the service interface renews by a check-out of the
 * same item; the SIP2 client sends a renew, 29, for an item on the card), so its outcome reads in
 * the same words as a re-scan's. They need the library system: while it is away none is sent or
 * recorded, and the list says so (docs/patron-flow.md, "Renewing from the list").
 */

type PatronStep = Extract<SessionStep, { name: 'patron' }>;

/**
 * What the list offers for the loan at `index`: Renew (`offered`) where its item is known, it was
 * not borrowed just now and the patron may borrow; `pending` while its renewal is awaited;
 * `renewed` once this session renewed it (a renewal from the list or a re-scan): a second one
 * would only spend one of the renewals the library allows.
 */
type Offer = NonNullable<LoanLine['renew']>;

function offerOf(step: PatronStep, index: number): Offer | undefined {
  const { loans } = step.patron;
  if (step.patron.blocked || step.patron.offline || loans === UNKNOWN) return undefined;
  const loan = loans[index];
  const item = step.loanItems[index];
  if (!loan || !item || loan.borrowedNow) return undefined;
  const line = step.lines.find((candidate) => candidate.id === lineOfItem(step.itemLines, item));
  if (line?.status === 'pending') return 'pending';
  return line?.status === 'done' || line?.status === 'queued' ? 'renewed' : 'offered';
}

/** The same, for the screen: nothing is offered while the library system is away. */
export function renewOffer(state: SessionState, index: number): Offer | undefined {
  return state.step.name === 'patron' && !state.offline ? offerOf(state.step, index) : undefined;
}

/** Renews the loans at these places in the list (or every one offered): one line and request each. */
export function renewLoans(
  config: SessionConfig,
  state: SessionState,
  which: readonly number[] | 'all',
): Transition {
  const { step } = state;
  if (step.name !== 'patron' || step.patron.loans === UNKNOWN) return stay(state);
  const indexes = which === 'all' ? step.patron.loans.map((_, index) => index) : which;
  const items = indexes.flatMap((index) => {
    const item = step.loanItems[index];
    return item && offerOf(step, index) === 'offered' ? [item] : [];
  });
  if (items.length === 0) return stay(state);
  // Pressed as the library system went away: nothing is recorded, and the patron is told why.
  if (state.offline)
    return withNotice(config, stay(state), 'error', { kind: 'offline-renew-unavailable' });
  let next = state;
  const requests: SessionEffect[] = [];
  let timers: SessionEffect[] = [];
  for (const item of items) {
    const renewed = checkOutItem(config, next, item, true);
    next = renewed.state;
    requests.push(...renewed.effects.filter((effect) => effect.type === 'check-out'));
    // Each step re-arms the same timers: the last arming is the one that counts.
    timers = renewed.effects.filter((effect) => effect.type !== 'check-out');
  }
  return { state: next, effects: [...timers, ...requests] };
}
