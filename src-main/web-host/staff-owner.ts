import type { InvokeChannel, KioskState } from '../../src-common/ipc/contract';
import type { KioskCore } from '../core/kiosk-core';

/** One renderer connection, as the socket knows it. */
export type ConnectionId = number;

/** What a connection may call while another one has staff mode open: only read the state. */
const ALWAYS_ALLOWED = new Set<InvokeChannel>(['kiosk.getState']);

export interface StaffOwnership {
  /**
   * May this connection make this call now? `staff.open` claims staff mode for its caller
   * before it runs, so the state it broadcasts already reaches the others as the patron view.
   */
  admit(connection: ConnectionId, channel: InvokeChannel): boolean;
  /** The admitted call has run: a claim that opened nothing lapses. */
  finished(connection: ConnectionId, channel: InvokeChannel): void;
  /** The state this connection is shown: the full one for the owner, the patron view for others. */
  stateFor(connection: ConnectionId): KioskState;
  /** A connection went away: staff mode it owned closes with it. */
  closed(connection: ConnectionId): void;
}

/**
 * Staff mode belongs to the connection that opened it (the web host may have several: a reload,
 * a second tab, another program that has the launch key). Others see the patrons' screen, without
 * the staff screen or its data, and may not call anything until staff mode closes; when the
 * owner's connection closes, staff mode closes with it.
 */
export function createStaffOwnership(
  core: Pick<KioskCore, 'state' | 'staffOpen' | 'handlers'>,
): StaffOwnership {
  let owner: ConnectionId | undefined;
  /** A `staff.open` is running: its caller owns staff mode from the first state it emits. */
  let claiming = false;

  /** The owner while staff mode is open (or being opened). */
  const currentOwner = (): ConnectionId | undefined => {
    if (!claiming && !core.staffOpen()) owner = undefined;
    return owner;
  };

  return {
    admit(connection, channel) {
      const held = currentOwner();
      if (held === undefined) {
        if (channel === 'staff.open') {
          owner = connection;
          claiming = true;
        }
        return true;
      }
      return held === connection || ALWAYS_ALLOWED.has(channel);
    },
    finished(connection, channel) {
      if (channel === 'staff.open' && owner === connection) claiming = false;
      currentOwner();
    },
    stateFor(connection) {
      const held = currentOwner();
      return held === undefined || held === connection ? core.state() : core.state('patron');
    },
    closed(connection) {
      if (currentOwner() === connection) {
        owner = undefined;
        void core.handlers['staff.exit'](undefined);
      }
    },
  };
}
