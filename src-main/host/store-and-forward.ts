import type { StaffAuth } from '../auth/staff-auth';
import { startOfflineCirculation } from '../circulation/offline/offline-circulation';
import type { OfflineCirculation } from '../circulation/offline/offline-circulation';
import type { KioskMetrics } from '../metrics/kiosk-metrics';
import { classify } from '../scanner/classify';
import type { Settings } from '../settings/schema';
import { createFileJournalKey, journalKeyFile } from '../vault/journal-key';
import type { HostAdapters } from './bootstrap';
import type { Sip2BackEnd } from './sip2-back-end';

/**
 * Store and forward at this kiosk: the journal in the data folder under the host's key (else a
 * 0600 key file beside it), the back end the queue goes to and how it learns that back end is
 * there again (the staff sign-in for the service, the ACS's own status for SIP2), and what the
 * offline desk takes for a card or an item (the scanner's patterns and check digit).
 */
export async function startStoreAndForward(
  settings: Settings,
  adapters: HostAdapters,
  parts: {
    auth: StaffAuth;
    baseUrl: string;
    sip2: Sip2BackEnd | undefined;
    metrics: KioskMetrics;
  },
): Promise<OfflineCirculation> {
  const { auth, sip2 } = parts;
  return startOfflineCirculation({
    dataDir: settings.dataDir,
    baseUrl: parts.baseUrl,
    settings: settings.offline,
    requestTimeoutMs: settings.requestTimeoutMs,
    client: auth.client,
    ...(adapters.fetch ? { fetch: adapters.fetch } : {}),
    ...(adapters.offlineJitter === undefined ? {} : { jitter: adapters.offlineJitter }),
    keys: adapters.journalKeys ?? createFileJournalKey(journalKeyFile(settings.dataDir)),
    signedIn: () => auth.status().state === 'signed-in',
    // SIP2 logs in on its own: its queue goes out without a staff sign-in, and the ACS's own
    // status says whether it is back.
    ...(sip2
      ? {
          port: sip2.port,
          portReady: () => true,
          probe: async () => {
            const status = await sip2.client.acsStatus();
            return status.ok && status.value.online;
          },
        }
      : {}),
    isCard: (memberBarcode) => {
      const classification = classify(memberBarcode, settings.scanner);
      return classification.kind === 'patron' && classification.valid;
    },
    isItem: (itemBarcode) => {
      const classification = classify(itemBarcode, settings.scanner);
      return classification.kind === 'item' && classification.valid;
    },
    metrics: parts.metrics,
  });
}
