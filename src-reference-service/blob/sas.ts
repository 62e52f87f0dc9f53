import { BLOB_ACCOUNT, BLOB_SAS_VERSION, SAS_TTL_SECONDS } from '../config';

export type UploadSigner = (container: string, blobName: string, now: Date) => string;

/**
 * Signs upload SAS with the data folder's account key (blob/account-key.ts): a blob-scoped SAS
 * allowing create and write only, for one upload within SAS_TTL_SECONDS. The blob library is
 * loaded here, not when the service's code is: the Azurite child starts first (issue 37 item 16).
 */
export async function createUploadSigner(accountKey: string): Promise<UploadSigner> {
  const {
    BlobSASPermissions,
    SASProtocol,
    StorageSharedKeyCredential,
    generateBlobSASQueryParameters,
  } = await import('@azure/storage-blob');
  const credential = new StorageSharedKeyCredential(BLOB_ACCOUNT, accountKey);
  return (container, blobName, now) =>
    generateBlobSASQueryParameters(
      {
        containerName: container,
        blobName,
        permissions: BlobSASPermissions.parse('cw'),
        // Starts a little in the past so a clock a few seconds apart from Azurite's still works.
        startsOn: new Date(now.getTime() - 60_000),
        expiresOn: new Date(now.getTime() + SAS_TTL_SECONDS * 1000),
        protocol: SASProtocol.HttpsAndHttp,
        version: BLOB_SAS_VERSION,
      },
      credential,
    ).toString();
}
