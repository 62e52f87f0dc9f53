import type { InvokeChannel } from '../../src-common/ipc/contract';

/** One renderer connection: the web host numbers its sockets; Electron names its window. */
export type ConnectionId = number;

/** What a connection may call while another one holds staff mode: only read the state. */
const ALWAYS_ALLOWED = new Set<InvokeChannel>(['station.kiosk.getState']);

export interface StaffOwnership {
  /**
   * May this connection make this call now? `station.staff.open` claims staff mode for its caller
   * before it runs, so the state it broadcasts already reaches the others as the patron view.
   */
  admit(connection: ConnectionId, channel: InvokeChannel): boolean;
  /** The admitted call has run: a claim that opened nothing lapses. */
  finished(connection: ConnectionId, channel: InvokeChannel): void;
  /** Whether this connection sees the staff screens: none is held, or it holds them. */
  sees(connection: ConnectionId): boolean;
  /** A connection went away: staff mode it held closes with it. */
  closed(connection: ConnectionId): void;
}

export interface OwnershipOptions {
  /** Whether a staff screen (the PIN screen or staff mode) shows now. */
  staffShows(): boolean;
  /** Closes the staff screens (the owner's connection went away). */
  closeStaff(): void;
}

/**
 * Staff mode belongs to the connection that opened it (the web host may have several: a reload,
 * a second tab, another program that has the launch key). Others see the patrons' screen, without
 * the staff screen or its data, and may not call anything until staff mode closes; when the
 * owner's connection closes, staff mode closes with it. The choke point asks it before any gate
 * (src-main/ipc/choke-point.ts).
 */
export function createStaffOwnership(options: OwnershipOptions): StaffOwnership {
  let owner: ConnectionId | undefined;
  /** A `station.staff.open` is running: its caller owns staff mode from the first state it emits. */
  let claiming = false;

  /** The owner while staff mode is open (or being opened). */
  const currentOwner = (): ConnectionId | undefined => {
    if (!claiming && !options.staffShows()) owner = undefined;
    return owner;
  };

  return {
    admit(connection, channel) {
      const held = currentOwner();
      if (held === undefined) {
        if (channel === 'station.staff.open') {
          owner = connection;
          claiming = true;
        }
        return true;
      }
      return held === connection || ALWAYS_ALLOWED.has(channel);
    },
    finished(connection, channel) {
      if (channel === 'station.staff.open' && owner === connection) claiming = false;
      currentOwner();
    },
    sees(connection) {
      const held = currentOwner();
      return held === undefined || held === connection;
    },
    closed(connection) {
      if (currentOwner() === connection) {
        owner = undefined;
        options.closeStaff();
      }
    },
  };
}
