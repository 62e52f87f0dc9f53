import type { MemberBarcode } from '../../src-common/barcodes';
import type { Result } from '../../src-common/result';
import { PIN_NOT_ACCEPTED, type LibraryError } from '../library/library-error';
import type { MemberCirculation } from '../library/records';
import { enter, play, refuseCard, stay, type Transition } from './session-lifecycle';
import { PIN_TRIES, type SessionConfig, type SessionState } from './session-state';

/**
 * The card's PIN, where the library asks for one: the PIN screen after the card, the PIN sent
 * once with the lookup that checks it, and three wrong PINs end the session with "please see
 * staff". The PIN lives only in the event and the lookup's effect, never in a step.
 */

/** After the card: the PIN screen (`wrongTries` so far), the session's clock running. */
export function askPin(
  config: SessionConfig,
  state: SessionState,
  memberBarcode: MemberBarcode,
  wrongTries: number,
): Transition {
  return enter(config, state, { name: 'pin-entry', memberBarcode, wrongTries });
}

/** Whether a card scanned now is asked for its PIN: offline the offline rules cannot check one. */
export function asksPin(config: SessionConfig, state: SessionState): boolean {
  return config.pinRequired === true && !state.offline;
}

export function pinSubmitted(config: SessionConfig, state: SessionState, pin: string): Transition {
  const { step } = state;
  if (step.name !== 'pin-entry' || !/^\d{1,16}$/.test(pin)) return stay(state);
  const { memberBarcode, wrongTries } = step;
  return enter(config, state, { name: 'identifying', memberBarcode, wrongTries }, [
    {
      type: 'look-up-member',
      generation: state.generation,
      by: 'barcode',
      memberBarcode,
      pin,
    },
  ]);
}

/**
 * Whether a lookup's answer says the PIN was not accepted: a patron answered with `pin: 'invalid'`
 * (SIP2's CQ N), or a card refused for its PIN (BL N with CQ N: Evergreen and FOLIO answer a
 * wrong password as an invalid patron).
 */
function pinRejected(result: Result<MemberCirculation, LibraryError>): boolean {
  if (result.ok) return result.value.pin === 'invalid';
  return result.error.kind === 'refused' && result.error.code === PIN_NOT_ACCEPTED;
}

/**
 * A lookup that checked a PIN: `undefined` when the PIN was right and the patron goes on. A wrong
 * one is told on the PIN screen, with the tries left, until the third ends the session; an answer
 * that does not say whether the PIN was right cannot let the patron in.
 */
export function pinVerdict(
  config: SessionConfig,
  state: SessionState,
  result: Result<MemberCirculation, LibraryError>,
): Transition | undefined {
  const { step } = state;
  if (
    step.name !== 'identifying' ||
    step.wrongTries === undefined ||
    step.memberBarcode === undefined
  )
    return undefined;
  const rejected = pinRejected(result);
  if (!rejected && (!result.ok || result.value.pin === 'valid')) return undefined;
  if (!rejected) return refuseCard(config, state, { kind: 'unavailable' });
  const wrongTries = step.wrongTries + 1;
  if (wrongTries >= PIN_TRIES) return refuseCard(config, state, { kind: 'pin-tries-used' });
  const asked = askPin(config, state, step.memberBarcode, wrongTries);
  return { state: asked.state, effects: [...asked.effects, play('error')] };
}
