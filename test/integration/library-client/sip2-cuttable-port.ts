import { err, type Result } from '../../../src-common/result';
import type { OperationName, LibraryError } from '../../../src-main/library/library-error';
import type { Sip2Client } from '../../../src-main/library-client/sip2/sip2-types';
import type { CuttableNetwork } from '../../support/cuttable-network';

/**
 * The randomised trials' cuttable network (test/support/cuttable-network.ts) for a kiosk on
 * SIP2: each circulation call counts as a request. Cut before it goes, it finds no connection
 * (not applied); cut once sent, the ACS gets it over the real connection and the caller never
 * hears back (outcome unknown), as a kiosk that dies mid-request. The probe's fetch is cut with it.
 */
export type CuttableSip2 = CuttableNetwork & {
  /** The client's port calls, through the cut. */
  port(
    client: Sip2Client,
  ): Pick<Sip2Client, 'memberByBarcode' | 'memberByEmail' | 'checkOut' | 'checkIn'>;
};

export function createCuttableSip2(probeNetwork: CuttableNetwork): CuttableSip2 {
  let isCut = false;
  let armed: { left: number; when: 'before' | 'sent' } | undefined;
  const outstanding = new Set<Promise<unknown>>();
  const callers = new Set<() => void>();

  function cut(): void {
    isCut = true;
    armed = undefined;
    for (const lose of callers) lose();
    callers.clear();
    probeNetwork.cut();
  }

  function through<T>(
    operation: OperationName,
    call: () => Promise<Result<T, LibraryError>>,
  ): Promise<Result<T, LibraryError>> {
    if (armed && --armed.left === 0 && armed.when === 'before') cut();
    if (isCut) {
      return Promise.resolve(
        err({ kind: 'unreachable', operation, cause: 'ECONNREFUSED', outcome: 'not-applied' }),
      );
    }
    const cutOnceSent = armed?.left === 0;
    const sent = call();
    outstanding.add(sent);
    void sent.finally(() => outstanding.delete(sent));
    const answer = new Promise<Result<T, LibraryError>>((resolve) => {
      const lose = () =>
        resolve(err({ kind: 'unreachable', operation, cause: 'ECONNRESET', outcome: 'unknown' }));
      callers.add(lose);
      void sent.then((result) => {
        if (!callers.delete(lose)) return;
        resolve(result);
      });
    });
    if (cutOnceSent) cut();
    return answer;
  }

  return {
    fetch: probeNetwork.fetch,
    cutAt(count, when) {
      armed = { left: count, when };
    },
    cut,
    restore() {
      isCut = false;
      armed = undefined;
      probeNetwork.restore();
    },
    async settled() {
      while (outstanding.size > 0) await Promise.allSettled([...outstanding]);
      await probeNetwork.settled();
    },
    port: (client) => ({
      memberByBarcode: (card, opts) =>
        through('memberByBarcode', () => client.memberByBarcode(card, opts)),
      memberByEmail: (email) => through('memberByEmail', () => client.memberByEmail(email)),
      checkOut: (loan, opts) => through('checkOut', () => client.checkOut(loan, opts)),
      checkIn: (item, opts) => through('checkIn', () => client.checkIn(item, opts)),
    }),
  };
}
