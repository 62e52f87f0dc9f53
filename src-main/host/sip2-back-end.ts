import { readFile } from 'node:fs/promises';
import { createLogger } from '../../src-shared/log/logger';
import type { DemoGuide } from '../../src-common/ipc/demo-guide';
import type { RunningSip2 } from '../../src-reference-service/index';
import type { OfflineCirculation } from '../circulation/offline/offline-circulation';
import type { CirculationPort } from '../library/circulation-port';
import { createSip2Client } from '../library-client/sip2/client';
import type { Sip2ProbeOptions } from '../library-client/sip2/probe';
import type { Sip2Client, Sip2ClientOptions } from '../library-client/sip2/sip2-types';
import type { KioskMetrics } from '../metrics/kiosk-metrics';
import type { Settings } from '../settings/schema';
import { sip2PasswordsFor } from '../vault/sip2-passwords';
import type { Sip2PasswordStore } from '../vault/sip2-passwords';
import { startAcsHeartbeat } from './acs-heartbeat';
import type { AcsHeartbeat } from './acs-heartbeat';

const log = createLogger('sip2:back-end');
// The boot's own lines keep the kiosk's logger, as when they were written in bootstrap.ts.
const kioskLog = createLogger('kiosk');

/** The patron flow goes over SIP2 to the embedded reference service's listener. */
export function usesEmbeddedSip2(settings: Settings): boolean {
  return settings.patron.backEnd === 'sip2' && settings.sip2.host === '';
}

/**
 * The SIP2 client's options from the `sip2.*` settings: the configured server with the passwords
 * sealed for it (none stored: empty ones), or the embedded listener with its own login.
 */
export async function sip2ClientOptions(
  settings: Settings,
  where: { embedded: RunningSip2 } | { passwords?: Sip2PasswordStore | undefined },
): Promise<Omit<Sip2ClientOptions, 'log'>> {
  const { sip2 } = settings;
  const framing = {
    locationCode: sip2.locationCode,
    terminator: sip2.terminator,
    checksums: sip2.checksums,
    requestTimeoutMs: sip2.requestTimeoutMs,
    retries: sip2.retries,
    feeWholeUnits: sip2.feeWholeUnits,
    patronPin: sip2.patronPin,
  } as const;
  if ('embedded' in where) {
    const listener = where.embedded;
    return {
      ...framing,
      host: listener.host,
      port: listener.port,
      ...(listener.tls ? { tls: { ca: listener.tls.ca } } : {}),
      loginUser: listener.loginUser,
      loginPassword: listener.loginPassword,
      terminalPassword: '',
      institutionId: listener.institutionId,
      encoding: listener.encoding,
    };
  }
  const passwords = where.passwords
    ? await sip2PasswordsFor(where.passwords, {
        host: sip2.host,
        port: sip2.port,
        loginUser: sip2.loginUser,
      })
    : { loginPassword: '', terminalPassword: '' };
  return {
    ...framing,
    host: sip2.host,
    port: sip2.port,
    ...(sip2.tls ? { tls: await tlsOptions(sip2.tlsCaFile, sip2.tlsServerName) } : {}),
    loginUser: sip2.loginUser,
    ...passwords,
    institutionId: sip2.institutionId,
    encoding: sip2.encoding,
  };
}

async function tlsOptions(
  caFile: string | undefined,
  serverName: string | undefined,
): Promise<NonNullable<Sip2ClientOptions['tls']>> {
  let ca: string | undefined;
  if (caFile) {
    try {
      ca = await readFile(caFile, 'utf8');
    } catch (error) {
      // The system's authorities stand in: a server they do not vouch for is refused, and the
      // probe (diagnostics, probe --sip2) names the certificate as what to fix.
      log.error('the SIP2 CA file could not be read; trusting the system authorities', {
        file: caFile,
        code: (error as NodeJS.ErrnoException).code ?? 'unknown',
      });
    }
  }
  return { ...(ca ? { ca } : {}), ...(serverName ? { serverName } : {}) };
}

export interface Sip2BackEnd {
  client: Sip2Client;
  /** The six circulation calls the patron session and the offline desk use. */
  port: Required<CirculationPort>;
  host: string;
  portNumber: number;
  /** For the diagnostics screen's SIP2 probe: the same server, with the test card and item. */
  probeOptions: () => Promise<Sip2ProbeOptions>;
}

/**
 * The SIP2 client when the patron flow uses SIP2: to the configured server with its sealed
 * passwords, or to the embedded listener the service started. Absent with the service back end.
 */
export async function startSip2BackEnd(
  settings: Settings,
  embedded: RunningSip2 | undefined,
  passwords: Sip2PasswordStore | undefined,
  metrics: KioskMetrics,
  fallbackCodes: TestCodes,
): Promise<Sip2BackEnd | undefined> {
  if (settings.patron.backEnd !== 'sip2') return undefined;
  if (usesEmbeddedSip2(settings) && !embedded) {
    // The settings schema refuses SIP2 without a host beside a configured service; kept for safety.
    throw new Error('sip2.host is empty and no embedded SIP2 listener was started');
  }
  const options = await sip2ClientOptions(settings, embedded ? { embedded } : { passwords });
  const client = createSip2Client({ ...options, log: createLogger('sip2'), metrics });
  kioskLog.info('the patron flow uses SIP2', {
    host: options.host,
    port: options.port,
    tls: options.tls !== undefined,
    embedded: embedded !== undefined,
  });
  return {
    client,
    port: {
      memberByBarcode: client.memberByBarcode,
      memberByEmail: client.memberByEmail,
      checkOut: client.checkOut,
      checkIn: client.checkIn,
      memberWithPin: client.memberWithPin,
      endSession: client.endSession,
    },
    host: options.host,
    portNumber: options.port,
    probeOptions: async () => withTestCodes(settings, options, fallbackCodes),
  };
}

/**
 * The ACS status read every `sip2.heartbeatSeconds`: whether the ACS is there drives the offline
 * desk's connectivity, and what it takes the attract screen's offers. Not read yet: the caller
 * beats once it can stop it.
 */
export function startSip2Heartbeat(
  settings: Settings,
  sip2: Sip2BackEnd,
  offline: OfflineCirculation,
): AcsHeartbeat {
  return startAcsHeartbeat({
    status: () => sip2.client.acsStatus(),
    everyMs: settings.sip2.heartbeatSeconds * 1000,
    connectivity: offline.connectivity,
  });
}

export type TestCodes = { testCard?: string | undefined; testItem?: string | undefined };

/**
 * Demo mode's card and item stand in for the SIP2 probe's test codes where none are set: the
 * built-in SIP2 server knows them (another server would not).
 */
export function demoTestCodes(settings: Settings, demoGuide: DemoGuide | undefined): TestCodes {
  return demoGuide && usesEmbeddedSip2(settings)
    ? { testCard: demoGuide.cards[0]?.barcode, testItem: demoGuide.availableItems[0] }
    : {};
}

/**
 * What the diagnostics screen's SIP2 probe tries: the patron flow's server when patrons go over
 * SIP2, else a SIP2 server set up but not yet used by patrons (tried there first), else none.
 */
export function consoleSip2ProbeOptions(
  settings: Settings,
  sip2: Sip2BackEnd | undefined,
  passwords: Sip2PasswordStore | undefined,
): { sip2ProbeOptions?: () => Promise<Sip2ProbeOptions> } {
  if (sip2) return { sip2ProbeOptions: sip2.probeOptions };
  if (!settings.sip2.host) return {};
  return {
    sip2ProbeOptions: async () =>
      withTestCodes(settings, await sip2ClientOptions(settings, { passwords })),
  };
}

/**
 * The probe's options: the client's, with the test card and item when set, else `fallback`'s
 * (demo mode's card and item, which the built-in SIP2 server knows), and the heartbeat a quiet
 * line of its own is watched for (whether the server drops it sooner).
 */
function withTestCodes(
  settings: Settings,
  options: Omit<Sip2ProbeOptions, 'testCard' | 'testItem' | 'idleCheckSeconds'>,
  fallback: TestCodes = {},
): Sip2ProbeOptions {
  const testCard = settings.sip2.testCard ?? fallback.testCard;
  const testItem = settings.sip2.testItem ?? fallback.testItem;
  return {
    ...options,
    ...(testCard ? { testCard } : {}),
    ...(testItem ? { testItem } : {}),
    idleCheckSeconds: settings.sip2.heartbeatSeconds,
  };
}
