import type { RunningAzurite } from './azurite';
import { createUploadSigner, type UploadSigner } from './sas';

/** What publishing a document needs of the blob store once it is up. */
export interface BlobStore {
  /** Azurite's own endpoint, http://127.0.0.1:<port>/devstoreaccount1. */
  url: string;
  /** The endpoint upload tickets name: Azurite's own, or a test's proxy in front of it. */
  ticketUrl: string;
  sign: UploadSigner;
}

/**
 * The blob store once Azurite listens and the upload signer is made. The service does not wait
 * for it to answer: only publishing a document needs it, and Azurite's child is the longest part
 * of the start (issue 37 item 16). A failed start rejects; it is handled here, and each use
 * awaits the same promise and tells its own caller.
 */
export function startedBlobStore(
  azurite: Promise<RunningAzurite>,
  accountKey: string,
  ticketBlobUrl?: (azuriteUrl: string) => string,
): Promise<BlobStore> {
  const store = azurite.then(async ({ blobUrl }) => ({
    url: blobUrl,
    ticketUrl: ticketBlobUrl?.(blobUrl) ?? blobUrl,
    sign: await createUploadSigner(accountKey),
  }));
  store.catch(() => undefined);
  return store;
}
