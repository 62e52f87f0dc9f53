import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { StaffAuth } from '../../../src-main/auth/staff-auth';
import { createSip2Client } from '../../../src-main/library-client/sip2/client';
import type {
  Sip2Client,
  Sip2ClientOptions,
} from '../../../src-main/library-client/sip2/sip2-types';
import { createLogger } from '../../../src-shared/log/logger';
import { signedIn, startTestService } from '../../integration/auth/harness';
import type { TestService } from '../../integration/auth/harness';
import { readLendingRoom } from '../lending-room';
import { openLedger } from '../offline-kiosk';
import type { ServiceLedger } from '../offline-kiosk';
import { openServiceSnapshots } from './service-snapshots';
import type { ServiceSnapshots } from './service-snapshots';

/** A lost connection shows at once; only a service that hangs would meet this. */
export const REQUEST_TIMEOUT_MS = 2_000;

/**
 * What every workload of one run shares: the reference service (REST with its fault knobs, and
 * its SIP2 listener) over the same SQLite, a staff sign-in kept outside every data folder, its
 * ledger and snapshots, members who may borrow and items no one has borrowed.
 */
export interface CrashEnvironment {
  test: TestService;
  staff: StaffAuth;
  ledger: ServiceLedger;
  snapshots: ServiceSnapshots;
  /** A SIP2 client of its own (a kiosk's), logged in to the listener. */
  sip2Client(): Sip2Client;
  /** Where crash states are written out; emptied at the end. */
  scratch: string;
  /** A member in good standing with room for `loans` more. */
  borrower(loans: number): string;
  /** Items never lent, each handed out once in a run. */
  freshItems(count: number): string[];
  stop(): Promise<void>;
}

export async function startCrashEnvironment(): Promise<CrashEnvironment> {
  const test = await startTestService({ faults: true, sip2: { port: 0 } });
  const serviceDir = path.join(test.dir, 'service');
  const staff = await signedIn(test, { timeoutMs: REQUEST_TIMEOUT_MS });
  const ledger = openLedger(serviceDir);
  const snapshots = await openServiceSnapshots(serviceDir);
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'crash-points-'));
  const room = readLendingRoom(serviceDir);
  const items = [...room.neverLent];
  const borrowers = room.borrowers.map((borrower) => ({ ...borrower }));
  const running = test.service.sip2!;
  const clients: Sip2Client[] = [];
  const sip2Options = (): Sip2ClientOptions => ({
    host: running.host,
    port: running.port,
    loginUser: running.loginUser,
    loginPassword: running.loginPassword,
    terminalPassword: '',
    locationCode: 'MAIN',
    institutionId: running.institutionId,
    terminator: 'CR',
    checksums: true,
    encoding: running.encoding,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    retries: 2,
    feeWholeUnits: 'major-units',
    log: createLogger('test:crash-points'),
  });
  return {
    test,
    staff,
    ledger,
    snapshots,
    scratch,
    sip2Client() {
      const client = createSip2Client(sip2Options());
      clients.push(client);
      return client;
    },
    borrower(loans) {
      const found = borrowers.find((borrower) => borrower.room >= loans);
      if (!found) throw new Error(`no member has room for ${loans} more loans`);
      found.room -= loans;
      return found.card;
    },
    freshItems(count) {
      if (items.length < count) throw new Error('the service has no more items never lent');
      return items.splice(0, count);
    },
    async stop() {
      await Promise.all(clients.map((client) => client.close()));
      staff.dispose();
      ledger.close();
      await snapshots.close();
      await test.stop();
      await rm(scratch, { recursive: true, force: true });
    },
  };
}
