import type { Notice, PatronMessage } from '../../src-common/ipc/patron';
import { itemLabel } from './patron-view';
import type { BarcodeKind } from './session-events';
import {
  endSession,
  enter,
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

function itemScan(config: SessionConfig, state: SessionState, code: string): Transition {
  const { step } = state;
  if (step.name === 'patron') {
    if (step.patron.blocked) return notice(config, state, 'error', step.patron.blocked);
    const memberBarcode = step.memberBarcode;
    if (memberBarcode === undefined) return stay(state);
    const { generation } = state;
    const added = addLine(state, code);
    const earlier = step.lines.find((line) => line.id === step.itemLines[code]);
    const itemLines = { ...step.itemLines, [code]: added.line.id };
    // The same item again (a renewal, or a retry after a refusal) takes the place of its line
    // under a new id, so an answer to the earlier request finds no line and is dropped.
    const lines = earlier
      ? step.lines.map((line) =>
          line === earlier
            ? { ...added.line, label: earlier.label, labelIs: earlier.labelIs }
            : line,
        )
      : [...step.lines, added.line];
    // Check-outs still awaiting their answer count too: scanned in a burst while offline, they
    // would all be recorded before the first one came back as queued.
    const queuedInSession = lines.filter(
      (line) =>
        line.id !== added.line.id && (line.status === 'queued' || line.status === 'pending'),
    ).length;
    return enter(config, added.state, { ...step, lines, itemLines }, [
      {
        type: 'check-out',
        generation,
        lineId: added.line.id,
        itemBarcode: code,
        memberBarcode,
        queuedInSession,
      },
    ]);
  }
  if (step.name === 'check-in') {
    const added = addLine(state, code);
    return enter(config, added.state, { ...step, lines: [...step.lines, added.line] }, [
      { type: 'check-in', generation: state.generation, lineId: added.line.id, itemBarcode: code },
    ]);
  }
  return stay(state);
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
    if (step.name === 'attract' && state.outOfService) return stay(state);
    return notice(config, state, 'error', { kind: 'unrecognised-barcode' });
  }
  switch (step.name) {
    case 'attract':
      if (state.outOfService) return stay(state);
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
      if (barcode === 'item' || state.outOfService) return stay(state);
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
