import { z } from 'zod';
import { TokenSummarySchema } from '../token-summary';
import { VaultProtectionSchema } from '../staff-auth';
import { ProbeReportSchema } from '../probe-report';
import { Sip2ProbeReportSchema } from '../sip2-probe-report';
import { consoleAnswer } from './answer';
import type { DiagnosticsChannel } from './channels';

/** A field map as typed on the screen: checked by the settings' FieldMapSchema in the core. */
const FieldMapDraftSchema = z.record(z.string().max(100), z.string().max(200));

/** The staff user as get user info gave them; a field the service did not give is absent. */
const StaffUserViewSchema = z.object({
  id: z.string().optional(),
  userName: z.string().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  branchId: z.string().optional(),
  /** The name of `branchId` in the service's branch list, when the list names it. */
  branchName: z.string().optional(),
  /** Names of the other fields the service sent (names only). */
  otherFields: z.array(z.string()),
});

const CustomerAccountViewSchema = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
  plan: z.string().optional(),
});

/** Who get user info says is signed in, and their customer account when it named one. */
const AccountUserInfoSchema = z.object({
  user: StaffUserViewSchema,
  account: CustomerAccountViewSchema.optional(),
});
export type AccountUserInfo = z.infer<typeof AccountUserInfoSchema>;

/** The sign-in screen: which client, who is signed in, and the token state (never a token). */
export const AccountViewSchema = z.object({
  client: z.object({
    kind: z.enum(['registered', 'development']),
    /** Absent when the host did not say (a test core). */
    id: z.string().optional(),
  }),
  authUrl: z.string(),
  /** Absent while nobody is signed in. */
  tokens: TokenSummarySchema.optional(),
  /** get user info's answer, or why it could not be read; absent while nobody is signed in. */
  userInfo: consoleAnswer(AccountUserInfoSchema).optional(),
});
export type AccountView = z.infer<typeof AccountViewSchema>;

/** Why the kiosk page was reloaded: it crashed, hung, or (web host) stopped answering. */
export const RecoveryKindSchema = z.enum(['crashed', 'unresponsive', 'heartbeat-lost']);

/** The status screen's facts that are not already in the staff view. */
export const StatusViewSchema = z.object({
  appVersion: z.string(),
  runtime: z.object({
    node: z.string(),
    /** Absent in the web host (no Electron). */
    electron: z.string().optional(),
    /** Electron's Chromium; in the web host, the browser showing the page says its own. */
    chromium: z.string().optional(),
    platform: z.string(),
    arch: z.string(),
  }),
  dataDir: z.string(),
  /** Free space for the kiosk in the data folder's file system, or why it is not known. */
  disk: z.discriminatedUnion('known', [
    z.object({ known: z.literal(true), freeBytes: z.number(), totalBytes: z.number() }),
    z.object({ known: z.literal(false), reason: z.string() }),
  ]),
  /** Absent when this host keeps no settings file (a test core). */
  settingsFile: z.string().optional(),
  /** What keeps staff's sign-in on this station (the token vault's own judgement). */
  tokenProtection: VaultProtectionSchema.optional(),
  /** The kiosk page reloaded after a crash or a hang since start (host/page-recovery.ts). */
  pageRecoveries: z
    .object({
      count: z.number().int(),
      last: z.object({ kind: RecoveryKindSchema, at: z.string() }).optional(),
    })
    .optional(),
  /**
   * The station session's restarts after the client ended (read by
   * core/console/diagnostics/station-restarts.ts): how many in the last hour, the newest with its
   * exit status; recorded false when there is no history.
   */
  stationRestarts: z.object({
    recorded: z.boolean(),
    lastHour: z.number().int(),
    last: z
      .object({
        /** page-kept-crashing: the Electron kiosk's exit after too many page losses. */
        kind: z.enum(['page-kept-crashing', 'other']),
        status: z.number().int(),
        at: z.string(),
      })
      .optional(),
  }),
});
export type StatusView = z.infer<typeof StatusViewSchema>;

/** The field map in effect since start-up, the one saved for the next start, and what it maps. */
export const FieldMapViewSchema = z.object({
  running: z.record(z.string(), z.string()),
  /** Absent when this host cannot save settings. */
  saved: z.record(z.string(), z.string()).optional(),
  /** Every concept a field map may name (`member.givenName`...). */
  concepts: z.array(z.string()),
  settingsFile: z.string().optional(),
  /** The kiosk can restart itself (the settings screen's `staff.console.settings.restart`). */
  canRestart: z.boolean(),
});
export type FieldMapView = z.infer<typeof FieldMapViewSchema>;

export const ProbeRequestSchema = z.object({
  /** The member to look up with circulation details; else the first member of the list. */
  member: z
    .discriminatedUnion('by', [
      z.object({ by: z.literal('barcode'), barcode: z.string().trim().min(1).max(64) }),
      z.object({ by: z.literal('email'), email: z.string().trim().min(3).max(254) }),
    ])
    .optional(),
  /** Test this field map (not saved); absent: the field map the kiosk runs with. */
  fieldMap: FieldMapDraftSchema.optional(),
});
export type ProbeRequest = z.infer<typeof ProbeRequestSchema>;

export const ProbeViewSchema = z.object({
  report: ProbeReportSchema,
  /** The field map the probe read with, and whether it is the one the kiosk runs with. */
  fieldMap: z.record(z.string(), z.string()),
  tested: z.boolean(),
  /** Epoch ms when the probe ran. */
  ranAt: z.number(),
});
export type ProbeView = z.infer<typeof ProbeViewSchema>;

export const SavedFieldMapSchema = z.object({
  saved: z.record(z.string(), z.string()),
  settingsFile: z.string(),
});

/** The SIP2 probe's report (library-client/sip2/probe.ts) and when it ran (epoch ms). */
export const Sip2ProbeViewSchema = z.object({ report: Sip2ProbeReportSchema, ranAt: z.number() });
export type Sip2ProbeView = z.infer<typeof Sip2ProbeViewSchema>;

export const diagnosticsInvokeContract = {
  'staff.console.diagnostics.account': {
    request: z.undefined(),
    response: consoleAnswer(AccountViewSchema),
  },
  'staff.console.diagnostics.status': {
    request: z.undefined(),
    response: consoleAnswer(StatusViewSchema),
  },
  'staff.console.diagnostics.fieldMap': {
    request: z.undefined(),
    response: consoleAnswer(FieldMapViewSchema),
  },
  'staff.console.diagnostics.probe': {
    request: ProbeRequestSchema,
    response: consoleAnswer(ProbeViewSchema),
  },
  'staff.console.diagnostics.saveFieldMap': {
    request: z.object({ fieldMap: FieldMapDraftSchema }),
    response: consoleAnswer(SavedFieldMapSchema),
  },
  'staff.console.diagnostics.probeSip2': {
    request: z.undefined(),
    response: consoleAnswer(Sip2ProbeViewSchema),
  },
} as const satisfies Record<DiagnosticsChannel, unknown>;
