import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createFileJournalKey } from '../../../../src-main/vault/journal-key';
import { openOfflineJournal } from '../../../../src-main/circulation/journal/offline-journal';
import { createCirculationDesk } from '../../../../src-main/circulation/offline/circulation-desk';
import { createConnectivityMonitor } from '../../../../src-main/circulation/offline/connectivity';
import { openOfflineKnowledge } from '../../../../src-main/circulation/offline/offline-knowledge';
import type { CirculationPort } from '../../../../src-main/library/circulation-port';
import type { LibraryError } from '../../../../src-main/library/library-error';
import { OfflineSettingsSchema } from '../../../../src-main/settings/schema';
import type { OfflineSettings } from '../../../../src-main/settings/schema';
import { err } from '../../../../src-common/result';
import { memberRecord } from '../session-harness';

export const T0 = Date.UTC(2026, 10, 23, 12);

export const down = (operation: LibraryError['operation']): LibraryError => ({
  kind: 'unreachable',
  operation,
  cause: 'ECONNREFUSED',
  outcome: 'not-applied',
});

/** A port whose every call fails as "connection refused" unless a test says otherwise. */
export function unreachablePort(overrides: Partial<CirculationPort> = {}): CirculationPort {
  return {
    memberByBarcode: async () => err(down('memberByBarcode')),
    memberByEmail: async () => err(down('memberByEmail')),
    checkOut: async () => err(down('checkOut')),
    checkIn: async () => err(down('checkIn')),
    ...overrides,
  };
}

/**
 * A desk over a real journal and knowledge file in a temporary folder, with a port scripted at
 * the service seam: what the reference service cannot be made to answer (a dialect without item
 * barcodes in its loans, say) is set per test.
 */
export async function deskWith(port: CirculationPort, policy: Partial<OfflineSettings> = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'desk-'));
  const keys = createFileJournalKey(path.join(dir, 'journal.key'));
  const journal = await openOfflineJournal({
    file: path.join(dir, 'offline', 'journal.bin'),
    keys,
    now: () => T0,
  });
  const key = await keys.load({ create: true });
  if (!key.ok) throw new Error('no key');
  const knowledge = await openOfflineKnowledge({
    file: path.join(dir, 'offline', 'knowledge.bin'),
    key: key.value,
    rememberDays: 30,
  });
  const connectivity = createConnectivityMonitor({
    probe: async () => false,
    firstDelayMs: 60_000,
    maxDelayMs: 60_000,
  });
  let recorded = 0;
  const desk = createCirculationDesk(port, {
    connectivity,
    journal,
    knowledge,
    policy: OfflineSettingsSchema.parse(policy),
    isCard: (code) => /^2\d{13}$/.test(code),
    isItem: (code) => /^3\d{13}$/.test(code),
    recorded: () => (recorded += 1),
    now: () => T0,
    confirmTimeoutMs: 1_000,
  });
  return {
    desk,
    journal,
    knowledge,
    connectivity,
    recorded: () => recorded,
    async close() {
      connectivity.dispose();
      await journal.close();
    },
  };
}

export { memberRecord };
