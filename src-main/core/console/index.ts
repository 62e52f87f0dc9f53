import { CONSOLE_CHANNELS } from '../../../src-common/ipc/console/channels';
import type { ConsoleChannel } from '../../../src-common/ipc/console/channels';
import type { IpcHandlers } from '../../../src-common/ipc/contract';
import type { UploadView } from '../../../src-common/ipc/console/documents';
import { failed } from './answer';
import type { ConsoleArea, ConsoleContext } from './deps';
import { createDiagnosticsArea } from './diagnostics';
import { createDocumentsArea } from './documents';
import { createMembersArea } from './members';
import { createSettingsArea } from './settings';

export interface StaffConsole {
  /** Every console channel (staff's: the choke point runs them only while staff mode is open). */
  handlers: Pick<IpcHandlers, ConsoleChannel>;
  /** The document being published, for the staff view. */
  upload(): UploadView | undefined;
  staffModeEnded(): void;
  dispose(): Promise<void>;
}

/** A core without console dependencies (unit tests, a host with none): every screen says so. */
export function unavailableConsole(): StaffConsole {
  const handlers = Object.fromEntries(
    CONSOLE_CHANNELS.map((channel) => [
      channel,
      () => failed({ kind: 'unavailable', reason: 'no-console' }),
    ]),
  ) as unknown as Pick<IpcHandlers, ConsoleChannel>;
  return { handlers, upload: () => undefined, staffModeEnded: () => {}, dispose: async () => {} };
}

/** The staff console's screens over one context. */
export function createStaffConsole(context: ConsoleContext): StaffConsole {
  const documents = createDocumentsArea(context);
  const areas: ConsoleArea<ConsoleChannel>[] = [
    createMembersArea(context),
    documents,
    createSettingsArea(context),
    createDiagnosticsArea(context),
  ] as ConsoleArea<ConsoleChannel>[];
  const handlers = Object.fromEntries(
    areas.flatMap((area) => Object.entries(area.handlers)),
  ) as unknown as Pick<IpcHandlers, ConsoleChannel>;
  return {
    handlers,
    upload: () => documents.upload(),
    staffModeEnded: () => areas.forEach((area) => area.staffModeEnded?.()),
    async dispose() {
      await Promise.all(areas.map((area) => area.dispose?.()));
    },
  };
}
