import { createLogger } from '../../../src-shared/log/logger';
import type { RestLibraryClient } from '../../library-client/client';
import type { Clock } from '../../platform/clock';
import type { OfflineKnowledge } from './offline-knowledge';

// Offline due dates need each member type's loan period, which only the service knows: read it
// while online and signed in, at most hourly, and keep it in the offline knowledge.

const log = createLogger('circulation:offline');

/** Member types (and their loan periods) are read again at most this often. */
const MEMBER_TYPES_EVERY_MS = 60 * 60_000;

export interface MemberTypesReader {
  /** Reads them now unless staff are signed out or they were read within the hour. */
  read(): void;
  /** From the call on, drops a late answer; resolves when the read under way has ended. */
  dispose(): Promise<void>;
}

export function createMemberTypesReader(deps: {
  client: Pick<RestLibraryClient, 'listMemberTypes'>;
  signedIn(): boolean;
  clock: Clock;
  knowledge: Pick<OfflineKnowledge, 'setMemberTypes'>;
}): MemberTypesReader {
  const { clock } = deps;
  let readAt = -Infinity;
  let reading: Promise<void> = Promise.resolve();
  let disposed = false;
  return {
    read() {
      if (!deps.signedIn() || clock.now() - readAt < MEMBER_TYPES_EVERY_MS) return;
      readAt = clock.now();
      reading = deps.client.listMemberTypes().then((types) => {
        // An answer after dispose belongs to nobody: the next instance reads its own.
        if (disposed) return;
        if (types.ok) deps.knowledge.setMemberTypes(types.value);
        else log.info('member types not read; offline due dates use the default loan period');
      });
    },
    async dispose() {
      disposed = true;
      await reading.catch(() => undefined);
    },
  };
}
