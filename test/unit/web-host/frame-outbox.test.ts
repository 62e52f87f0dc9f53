/**
 * The web host's outgoing frames, held to the end of the turn (issue 37 item 16): a request the
 * turn started goes out before the state, each connection's frames keep their order, and a state
 * changed several times in one turn is one frame, the newest.
 */
import { describe, expect, it } from 'vitest';
import type { WireMessage } from '../../../src-common/ipc/contract';
import { createFrameOutbox } from '../../../src-main/web-host/frame-outbox';

type Connection = 'page' | 'staff page';

function outbox(options: { schedule?: (flush: () => void) => void } = {}) {
  const events: string[] = [];
  let version = 0;
  const box = createFrameOutbox<Connection>({
    write: (connection, message) =>
      events.push(
        `${connection}: ${message.type === 'event' ? `state ${String(message.payload)}` : message.type}`,
      ),
    state: (connection) =>
      connection === 'staff page' && version < 0
        ? undefined
        : { type: 'event', event: 'kiosk.state', payload: version },
    ...options,
  });
  return {
    box,
    events,
    change: (next: number) => (version = next),
  };
}

const result = (id: number): WireMessage => ({
  type: 'result',
  id,
  result: { ok: true, value: {} },
});
const turnOver = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('frame outbox', () => {
  it('writes nothing during the turn, and everything once it is over', async () => {
    const { box, events } = outbox();
    box.stateChanged(['page']);
    box.send('page', result(1));
    expect(events).toEqual([]);
    await turnOver();
    expect(events).toEqual(['page: state 0', 'page: result']);
  });

  it('lets a request started in the same turn, several awaits deep, go out before the state', async () => {
    const { box, events } = outbox();
    // As a scan's check-out: the state changes, then the service client reaches fetch after its
    // awaits (the token, the desk), all within the turn.
    box.stateChanged(['page']);
    const request = (async () => {
      for (let hop = 0; hop < 20; hop += 1) await Promise.resolve();
      events.push('check-out request sent');
    })();
    await turnOver();
    await request;
    expect(events).toEqual(['check-out request sent', 'page: state 0']);
  });

  it("sends one state per turn, the newest, at the place of the turn's first change", async () => {
    const { box, events, change } = outbox();
    change(1);
    box.stateChanged(['page']);
    box.send('page', result(7));
    change(2);
    box.stateChanged(['page']);
    change(3);
    box.stateChanged(['page']);
    await turnOver();
    expect(events).toEqual(['page: state 3', 'page: result']);
  });

  it("keeps each connection's frames in order and gives each its own state", async () => {
    const { box, events } = outbox();
    box.send('staff page', result(1));
    box.stateChanged(['page', 'staff page']);
    box.send('page', result(2));
    await turnOver();
    expect(events).toEqual([
      'staff page: result',
      'staff page: state 0',
      'page: state 0',
      'page: result',
    ]);
  });

  it('writes no state for a connection that has none any more (closed)', async () => {
    const { box, events, change } = outbox();
    change(-1);
    box.stateChanged(['staff page', 'page']);
    await turnOver();
    expect(events).toEqual(['page: state -1']);
  });

  it('schedules one flush per turn, and a new one for frames queued after it', () => {
    const flushes: (() => void)[] = [];
    const { box, events } = outbox({ schedule: (flush) => flushes.push(flush) });
    box.stateChanged(['page']);
    box.send('page', result(1));
    box.send('staff page', result(2));
    expect(flushes).toHaveLength(1);
    flushes[0]!();
    expect(events).toEqual(['page: state 0', 'page: result', 'staff page: result']);
    box.send('page', result(3));
    expect(flushes).toHaveLength(2);
    flushes[1]!();
    expect(events).toHaveLength(4);
  });
});
