import type { ItemBarcode, MemberBarcode } from '../../src-common/barcodes';
import type { Notice, PatronMessage } from '../../src-common/ipc/patron';
import { UNKNOWN } from '../library/values';
import { itemLabel } from './patron-view';
import type { ScannedCode } from './session-events';
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
import {
  lineOfItem,
  offered,
  withItemLine,
  type Line,
  type SessionConfig,
  type SessionState,
} from './session-state';

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

/** The look-up of a scanned card, for the generation that asks. */
const lookUp = (generation: number, memberBarcode: MemberBarcode) =>
  ({ type: 'look-up-member', generation, by: 'barcode', memberBarcode }) as const;

function identifyMember(
  config: SessionConfig,
  state: SessionState,
  memberBarcode: MemberBarcode,
): Transition {
  if (asksPin(config, state)) {
    return startSession(config, state, { name: 'pin-entry', memberBarcode, wrongTries: 0 });
  }
  const next = startSession(config, state, { name: 'identifying', memberBarcode });
  return {
    state: next.state,
    effects: [...next.effects, lookUp(next.state.generation, memberBarcode)],
  };
}

function addLine(
  state: SessionState,
  itemBarcode: ItemBarcode,
): { state: SessionState; line: Line } {
  const line: Line = {
    id: state.nextLineId,
    label: itemLabel(itemBarcode),
    labelIs: 'barcode-end',
    status: 'pending',
  };
  return { state: { ...state, nextLineId: state.nextLineId + 1 }, line };
}

/**
 * A check-out of `itemBarcode` for the patron on the screen: a new line, or, for an item already
 * scanned (a renewal, or a retry after a refusal), its line again under a new id. `renewal`:
 * asked from the list of loans, not scanned.
 */
export function checkOutItem(
  config: SessionConfig,
  state: SessionState,
  itemBarcode: ItemBarcode,
  renewal?: true,
): Transition {
  const { step } = state;
  if (step.name !== 'patron') return stay(state);
  if (step.patron.blocked) return notice(config, state, 'error', step.patron.blocked);
  const memberBarcode = step.memberBarcode;
  if (memberBarcode === undefined) return stay(state);
  const { generation } = state;
  const added = addLine(state, itemBarcode);
  const earlier = step.lines.find((line) => line.id === lineOfItem(step.itemLines, itemBarcode));
  const itemLines = withItemLine(step.itemLines, itemBarcode, added.line.id);
  // An item on the card is named as the list of loans names it, before the answer comes.
  const { loans } = step.patron;
  const listed = loans === UNKNOWN ? undefined : loans[step.loanItems.indexOf(itemBarcode)];
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
      itemBarcode,
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
function checkInItem(
  config: SessionConfig,
  state: SessionState,
  itemBarcode: ItemBarcode,
): Transition {
  const { step } = state;
  if (step.name !== 'check-in') return stay(state);
  const earlier = step.lines.find((line) => line.id === lineOfItem(step.itemLines, itemBarcode));
  if (earlier?.status === 'pending') return stay(state);
  if (earlier && (earlier.status === 'done' || earlier.status === 'queued')) {
    const again: Line = { ...earlier, again: (earlier.again ?? 0) + 1 };
    const lines = [...step.lines.filter((line) => line !== earlier), again];
    return enter(config, state, { ...step, lines }, [play('success')]);
  }
  const added = addLine(state, itemBarcode);
  const lines = earlier
    ? step.lines.map((line) =>
        line === earlier ? { ...added.line, label: earlier.label, labelIs: earlier.labelIs } : line,
      )
    : [...step.lines, added.line];
  return enter(
    config,
    added.state,
    { ...step, lines, itemLines: withItemLine(step.itemLines, itemBarcode, added.line.id) },
    [{ type: 'check-in', generation: state.generation, lineId: added.line.id, itemBarcode }],
  );
}

function itemScan(
  config: SessionConfig,
  state: SessionState,
  itemBarcode: ItemBarcode,
): Transition {
  if (state.step.name === 'patron') return checkOutItem(config, state, itemBarcode);
  if (state.step.name === 'check-in') return checkInItem(config, state, itemBarcode);
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
  scan: ScannedCode,
): Transition {
  const state = withoutNotice(previous);
  const { step } = state;
  if (scan.kind === 'invalid') {
    if (step.name === 'identifying' || step.name === 'receipt') return stay(state);
    if (step.name === 'attract' && state.signedOut) return stay(state);
    return notice(config, state, 'error', { kind: 'unrecognised-barcode' });
  }
  switch (step.name) {
    case 'attract':
      if (state.signedOut) return stay(state);
      if (scan.kind === 'item') return notice(config, state, 'warning', { kind: 'item-as-card' });
      if (!offered(config, state).checkOut) {
        return notice(config, state, 'error', { kind: 'check-out-not-offered' });
      }
      return identifyMember(config, state, scan.memberBarcode);
    case 'email-entry': {
      if (scan.kind === 'item') return notice(config, state, 'warning', { kind: 'item-as-card' });
      const { memberBarcode } = scan;
      if (asksPin(config, state)) return askPin(config, state, memberBarcode, 0);
      return enter(config, state, { name: 'identifying', memberBarcode }, [
        lookUp(state.generation, memberBarcode),
      ]);
    }
    case 'patron':
    case 'check-in':
      if (scan.kind === 'member') return notice(config, state, 'warning', { kind: 'card-as-item' });
      return itemScan(config, state, scan.itemBarcode);
    case 'thanks': {
      // The next patron need not wait for the thank-you screen to pass.
      if (scan.kind === 'item' || state.signedOut) return stay(state);
      const ended = endSession(config, state);
      const next = identifyMember(config, ended.state, scan.memberBarcode);
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
