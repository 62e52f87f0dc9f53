import type { Notice, PatronMessage } from '../../src-common/ipc/patron';
import { UNKNOWN } from '../library/values';
import { itemLabel } from './patron-view';
import type { BarcodeKind } from './session-events';
import {
  endSession,
  enter,
  play,
  startSession,
  stay,
  withNotice,
  withoutNotice,
  type Transition,
} from './session-lifecycle';
import { askPin, asksPin } from './session-pin';
import { offered, type Line, type SessionConfig, type SessionState } from './session-state';

/**
 * A scan, routed by what the screen expects. A card where an item is expected (and the reverse)
 * is explained; a code that matches neither pattern is tried as what the screen expects, and the
 * service decides.
 */

const notice = (
  config: SessionConfig,
  state: SessionState,
  tone: Notice['tone'],
  message: PatronMessage,
): Transition => withNotice(config, stay(state), tone, message);

function identifyByCard(config: SessionConfig, state: SessionState, code: string): Transition {
  if (asksPin(config, state)) {
    return startSession(config, state, { name: 'pin-entry', memberBarcode: code, wrongTries: 0 });
  }
  const next = startSession(config, state, { name: 'identifying', memberBarcode: code });
  return {
    state: next.state,
    effects: [
      ...next.effects,
      { type: 'look-up-member', generation: next.state.generation, by: 'barcode', value: code },
    ],
  };
}

function addLine(state: SessionState, code: string): { state: SessionState; line: Line } {
  const line: Line = {
    id: state.nextLineId,
    label: itemLabel(code),
    labelIs: 'barcode-end',
    status: 'pending',
  };
  return { state: { ...state, nextLineId: state.nextLineId + 1 }, line };
}

/**
 * A check-out of `code` for the patron on the screen: a new line, or, for an item already
 * scanned (a renewal, or a retry after a refusal), its line again under a new id. `renewal`:
 * asked from the list of loans, not scanned.
 */
export function checkOutItem(
  config: SessionConfig,
  state: SessionState,
  code: string,
  renewal?: true,
): Transition {
  const { step } = state;
  if (step.name !== 'patron') return stay(state);
  if (step.patron.blocked) return notice(config, state, 'error', step.patron.blocked);
  const memberBarcode = step.memberBarcode;
  if (memberBarcode === undefined) return stay(state);
  const { generation } = state;
  const added = addLine(state, code);
  const earlier = step.lines.find((line) => line.id === step.itemLines[code]);
  const itemLines = { ...step.itemLines, [code]: added.line.id };
  // An item on the card is named as the list of loans names it, before the answer comes.
  const { loans } = step.patron;
  const listed = loans === UNKNOWN ? undefined : loans[step.loanItems.indexOf(code)];
  const named: Line = earlier
    ? { ...added.line, label: earlier.label, labelIs: earlier.labelIs }
    : listed && !listed.titleIs
      ? { ...added.line, label: listed.title, labelIs: 'title' }
      : added.line;
  // The same item again (a renewal, or a retry after a refusal) takes the place of its line
  // under a new id, so an answer to the earlier request finds no line and is dropped.
  const lines = earlier
    ? step.lines.map((line) => (line === earlier ? named : line))
    : [...step.lines, named];
  // Check-outs still awaiting their answer count too: scanned in a burst while offline, they
  // would all be recorded before the first one came back as queued.
  const queuedInSession = lines.filter(
    (line) => line.id !== added.line.id && (line.status === 'queued' || line.status === 'pending'),
  ).length;
  return enter(config, added.state, { ...step, lines, itemLines }, [
    {
      type: 'check-out',
      generation,
      lineId: added.line.id,
      itemBarcode: code,
      memberBarcode,
      queuedInSession,
      ...(renewal ? { renewal } : {}),
    },
  ]);
}

/**
 * A return. An item already returned (or recorded) in this session is not sent again: its line
 * comes back to the top, "already returned just now". One still being checked waits for its
 * answer; one refused is tried again in its line's place.
 */
function checkInItem(config: SessionConfig, state: SessionState, code: string): Transition {
  const { step } = state;
  if (step.name !== 'check-in') return stay(state);
  const earlier = step.lines.find((line) => line.id === step.itemLines[code]);
  if (earlier?.status === 'pending') return stay(state);
  if (earlier && (earlier.status === 'done' || earlier.status === 'queued')) {
    const again: Line = { ...earlier, again: (earlier.again ?? 0) + 1 };
    const lines = [...step.lines.filter((line) => line !== earlier), again];
    return enter(config, state, { ...step, lines }, [play('success')]);
  }
  const added = addLine(state, code);
  const lines = earlier
    ? step.lines.map((line) =>
        line === earlier ? { ...added.line, label: earlier.label, labelIs: earlier.labelIs } : line,
      )
    : [...step.lines, added.line];
  return enter(
    config,
    added.state,
    { ...step, lines, itemLines: { ...step.itemLines, [code]: added.line.id } },
    [{ type: 'check-in', generation: state.generation, lineId: added.line.id, itemBarcode: code }],
  );
}

function itemScan(config: SessionConfig, state: SessionState, code: string): Transition {
  if (state.step.name === 'patron') return checkOutItem(config, state, code);
  if (state.step.name === 'check-in') return checkInItem(config, state, code);
  return stay(state);
}

/**
 * A scan the scanner could not read (too short, too long, garbled): where a scan is expected,
 * the patron is told to scan again, rather than nothing happening.
 */
export function unreadable(config: SessionConfig, previous: SessionState): Transition {
  const state = withoutNotice(previous);
  switch (state.step.name) {
    case 'attract':
      if (state.signedOut) return stay(previous);
      return notice(config, state, 'error', { kind: 'unreadable-scan' });
    case 'email-entry':
    case 'patron':
    case 'check-in':
      return notice(config, state, 'error', { kind: 'unreadable-scan' });
    default:
      return stay(previous);
  }
}

export function scanned(
  config: SessionConfig,
  previous: SessionState,
  code: string,
  barcode: BarcodeKind,
): Transition {
  const state = withoutNotice(previous);
  const { step } = state;
  if (barcode === 'invalid' && step.name !== 'identifying' && step.name !== 'receipt') {
    if (step.name === 'attract' && state.signedOut) return stay(state);
    return notice(config, state, 'error', { kind: 'unrecognised-barcode' });
  }
  switch (step.name) {
    case 'attract':
      if (state.signedOut) return stay(state);
      if (barcode === 'item') return notice(config, state, 'warning', { kind: 'item-as-card' });
      if (!offered(config, state).checkOut) {
        return notice(config, state, 'error', { kind: 'check-out-not-offered' });
      }
      return identifyByCard(config, state, code);
    case 'email-entry':
      if (barcode === 'item') return notice(config, state, 'warning', { kind: 'item-as-card' });
      if (asksPin(config, state)) return askPin(config, state, code, 0);
      return enter(config, state, { name: 'identifying', memberBarcode: code }, [
        { type: 'look-up-member', generation: state.generation, by: 'barcode', value: code },
      ]);
    case 'patron':
    case 'check-in':
      if (barcode === 'card') return notice(config, state, 'warning', { kind: 'card-as-item' });
      return itemScan(config, state, code);
    case 'thanks': {
      // The next patron need not wait for the thank-you screen to pass.
      if (barcode === 'item' || state.signedOut) return stay(state);
      const ended = endSession(config, state);
      const next = identifyByCard(config, ended.state, code);
      return { state: next.state, effects: [...ended.effects, ...next.effects] };
    }
    case 'identifying':
    case 'pin-entry':
    case 'receipt':
      return stay(state);
    default:
      return step satisfies never;
  }
}
