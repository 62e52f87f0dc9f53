import type { Result } from '../../../../src-common/result';

/** A file the kiosk received into its staging folder (web host); the core may delete it. */
export interface StagedFile {
  path: string;
  sizeBytes: number;
}

/** Why bytes sent to the staging route did not become a staged file. */
export type StagingFailure = 'too-large' | 'expired' | 'interrupted' | 'write-failed';

export interface StagingTicket {
  /** The route's path and the one-time token the renderer sends its PUT with. */
  path: string;
  token: string;
  /** Settles once, when the PUT is in, was refused, or the token expired unused. */
  arrived: Promise<Result<StagedFile, StagingFailure>>;
}

/** The web host's staging folder behind its HTTP route (src-main/web-host/document-staging.ts). */
export interface DocumentStaging {
  open(maxBytes: number): StagingTicket;
  /** Deletes one staged file; a file already gone is fine. */
  remove(filePath: string): Promise<void>;
}

/**
 * How a host lets staff choose the PDF: Electron's open dialog hands the core a path (the
 * renderer never names one); the web host receives the bytes into its staging folder.
 */
export interface DocumentFileSource {
  /** Resolves to the chosen path, or undefined when staff closed the dialog. */
  pick?: () => Promise<string | undefined>;
  staging?: DocumentStaging;
}
