import path from 'node:path';
import Database from 'better-sqlite3';
import type { StaffAuth } from '../../src-main/auth/staff-auth';
import { createFileJournalKey, journalKeyFile } from '../../src-main/vault/journal-key';
import { startOfflineCirculation } from '../../src-main/circulation/offline/offline-circulation';
import type { OfflineCirculation } from '../../src-main/circulation/offline/offline-circulation';
import { OfflineSettingsSchema } from '../../src-main/settings/schema';
import type { OfflineSettings } from '../../src-main/settings/schema';
import { DATABASE_FILE } from '../../src-reference-service/db/open';

/** Demo cards and items are 14 digits with the demo prefixes (README: demo barcodes). */
export const isDemoCard = (code: string): boolean => /^24410\d{9}$/.test(code);
export const isDemoItem = (code: string): boolean => /^3\d{13}$/.test(code);

/** Store and forward over a signed-in staff client, probing fast so tests do not wait. */
export function startTestOfflineCirculation(
  auth: StaffAuth,
  baseUrl: string,
  dataDir: string,
  settings: Partial<OfflineSettings> = {},
): Promise<OfflineCirculation> {
  return startOfflineCirculation({
    dataDir,
    baseUrl,
    settings: OfflineSettingsSchema.parse({
      probeFirstDelayMs: 200,
      probeMaxDelayMs: 1_000,
      ...settings,
    }),
    requestTimeoutMs: 5_000,
    client: auth.client,
    keys: createFileJournalKey(journalKeyFile(dataDir)),
    signedIn: () => auth.status().state === 'signed-in',
    isCard: isDemoCard,
    isItem: isDemoItem,
  });
}

export interface ServiceLedger {
  /** Who has the item now (member barcode), or undefined. */
  holderOf(item: string): string | undefined;
  /** How many check-outs and renewals the service recorded for the item. */
  lendingsOf(item: string): number;
  checkInsOf(item: string): number;
  close(): void;
}

/** Reads the reference service's own tables (read-only): the final state, item by item. */
export function openLedger(serviceDataDir: string): ServiceLedger {
  const db = new Database(path.join(serviceDataDir, DATABASE_FILE), { readonly: true });
  const holder = db.prepare<[string], { barcode: string }>(
    'SELECT members.barcode FROM loans JOIN members ON members.id = loans.member_id WHERE loans.item_barcode = ?',
  );
  const count = db.prepare<[string, string], { n: number }>(
    'SELECT COUNT(*) AS n FROM transactions WHERE item_barcode = ? AND kind = ?',
  );
  return {
    holderOf: (item) => holder.get(item)?.barcode,
    lendingsOf: (item) =>
      (count.get(item, 'checkout')?.n ?? 0) + (count.get(item, 'renewal')?.n ?? 0),
    checkInsOf: (item) => count.get(item, 'checkin')?.n ?? 0,
    close: () => db.close(),
  };
}
