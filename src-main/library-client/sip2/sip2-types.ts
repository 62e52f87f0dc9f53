import type { ItemBarcode } from '../../../src-common/barcodes';
import type { KioskMetrics } from '../../metrics/kiosk-metrics';
import type { Result } from '../../../src-common/result';
import type { Logger } from '../../../src-shared/log/logger';
import type { Terminator } from '../../../src-shared/sip2/build';
import type { Sip2Encoding } from '../../../src-shared/sip2/encoding';
import type { WholeFee } from '../../../src-shared/sip2/readers';
import type {
  CirculationStatus,
  Support,
  SupportableRequest,
} from '../../../src-shared/sip2/positional-fields';
import type { CirculationPort } from '../../library/circulation-port';
import type { LibraryError } from '../../library/library-error';
import type { ServiceDate } from '../../library/values';

/**
 * How the kiosk reaches an ACS over SIP2: where, as whom, and how its frames look. The two
 * passwords come from the vault, never from the settings file.
 */
export type Sip2ClientOptions = {
  host: string;
  port: number;
  /** TLS on: the CA to trust (PEM, else the system's) and the name the certificate must carry. */
  tls?: { ca?: string; serverName?: string };
  /** CN of the login (93); empty: the ACS wants no login and none is sent. */
  loginUser: string;
  /** CO of the login. */
  loginPassword: string;
  /** AC of every patron and circulation request; often empty. */
  terminalPassword: string;
  /** CP of the login and AP (current location) of a check-in. */
  locationCode: string;
  /** AO of every request. */
  institutionId: string;
  terminator: Terminator;
  /** Error detection: AY sequence numbers and AZ checksums sent, and required on answers. */
  checksums: boolean;
  encoding: Sip2Encoding;
  /** How long one request waits for its answer (and a connection for its peer). */
  requestTimeoutMs: number;
  /** Resends asked (97) for one garbled answer, and fresh tries of a read after a failure. */
  retries: number;
  feeWholeUnits: WholeFee;
  /**
   * The library asks patrons for their card's PIN (`sip2.patronPin`): a refusal of a request
   * sent without one may be for the lack of it, as FOLIO checks the PIN on every request.
   */
  patronPin?: boolean;
  now?: () => Date;
  log: Logger;
  /** Each request's duration and status, by the client's operation (docs/operations.md). */
  metrics?: KioskMetrics;
};

/** The ACS status (98): whether it is up, what it allows, which requests it answers. */
export type AcsStatus = {
  online: boolean;
  checkOutOk: boolean;
  checkInOk: boolean;
  renewalOk: boolean;
  supported: Record<SupportableRequest, Support>;
  screenMessages?: string[];
  institutionId?: string;
  libraryName?: string;
  protocolVersion?: string;
};

/** An item as the item information response (18) describes it. */
export type ItemInformation = {
  itemBarcode?: string;
  title?: string;
  circulationStatus: CirculationStatus | 'unknown';
  dueDate?: ServiceDate;
  permanentLocation?: string;
  currentLocation?: string;
  screenMessages?: string[];
};

/** The circulation port over SIP2, with what only SIP2 offers and a way to hang up. */
export type Sip2Client = Required<CirculationPort> & {
  acsStatus(): Promise<Result<AcsStatus, LibraryError>>;
  itemInformation(itemBarcode: ItemBarcode): Promise<Result<ItemInformation, LibraryError>>;
  /** Ends the connection (no further request is sent); later calls connect again. */
  close(): Promise<void>;
};
