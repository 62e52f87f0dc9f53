/**
 * The one contract between the core and the renderer. Both hosts (Electron's ipcMain and the web
 * host's WebSocket) carry exactly these channels; the renderer imports this file as types only.
 */

import { z } from 'zod';
import type { Result } from '../result';
import {
  AccessChangedSchema,
  AccessChangeSchema,
  AccessSchema,
  AccessStationSchema,
  SpeechAnswerSchema,
  SpeechRequestSchema,
  VolumeSchema,
} from './access';
import { DemoGuideSchema } from './demo-guide';
import { StaffAuthStatusSchema } from './staff-auth';
import {
  ClassificationSchema,
  ScanEventSchema,
  SubmitScanResultSchema,
  WedgeScanSubmissionSchema,
  WedgeSuffixKeySchema,
} from './scan-event';
import { ScannerStatusSchema } from './scanner-status';
import type { EventName, InvokeChannel } from './channels';
import { offlineInvokeContract, OfflineStatusSchema } from './offline';
import { diagnosticsInvokeContract } from './console/diagnostics';
import { documentsInvokeContract, UploadViewSchema } from './console/documents';
import { membersInvokeContract } from './console/members';
import { settingsInvokeContract } from './console/settings';
import {
  FeedbackSoundSchema,
  NoticeSchema,
  PatronScreenSchemas,
  SessionEndingSchema,
} from './patron';
import type { ConsoleAnswer } from './console/answer';
import type { Problem } from './problem';

export type { EventName, InvokeChannel } from './channels';
export type * from './patron';
export type * from './access';
export type * from './offline';
export type * from './console/answer';
export type * from './problem';

export const LanguageSchema = z.enum(['en', 'es']);
export type Language = z.infer<typeof LanguageSchema>;

export const ThemeSchema = z.enum(['standard', 'high-contrast']);
export type Theme = z.infer<typeof ThemeSchema>;

export const ScreenSchema = z.discriminatedUnion('name', [
  ...PatronScreenSchemas,
  // `configured: false`: no staff PIN is set, so the screen explains how to set one.
  // `lockedUntil` (epoch ms): too many wrong PINs; every PIN is refused until then.
  // `staffCard`: a staff card is set (`available`: scanning it opens the PIN past a lockout),
  // or it was scanned on this screen (`accepted`); absent, no staff card is set.
  z.object({
    name: z.literal('staff-pin'),
    rejected: z.boolean(),
    configured: z.boolean(),
    lockedUntil: z.number().optional(),
    staffCard: z.enum(['available', 'accepted']).optional(),
  }),
  // `wrongPins`: wrong PINs typed since staff last entered (the last at `lastAt`, epoch ms),
  // found when this entry's PIN was checked; shown to staff for as long as staff mode stays open.
  z.object({
    name: z.literal('staff'),
    wrongPins: z
      .object({ count: z.number().int().positive(), lastAt: z.number().optional() })
      .optional(),
  }),
]);
export type Screen = z.infer<typeof ScreenSchema>;
export type ScreenName = Screen['name'];

/** Keystroke timing the renderer's wedge detector needs; the rest of scanning stays in the core. */
export const WedgeSettingsSchema = z.object({
  wedgeMaxAvgIntervalMs: z.number().positive(),
  wedgeMinLength: z.number().int().min(1),
  wedgeSuffixKeys: z.array(WedgeSuffixKeySchema),
  wedgeHoldMs: z.number().int().positive(),
});
export type WedgeSettings = z.infer<typeof WedgeSettingsSchema>;

export const StaffScanSchema = ScanEventSchema.extend({ classification: ClassificationSchema });

/** What the staff screen shows; present only while staff mode is open. */
export const StaffViewSchema = z.object({
  auth: StaffAuthStatusSchema,
  scanner: ScannerStatusSchema,
  service: z.object({ baseUrl: z.string(), embedded: z.boolean() }),
  lastScan: StaffScanSchema.optional(),
  /** Store and forward; absent when the host runs without it. */
  offline: OfflineStatusSchema.optional(),
  /** The document being published from the documents screen, while and after it uploads. */
  upload: UploadViewSchema.optional(),
});
export type StaffView = z.infer<typeof StaffViewSchema>;

/** Everything the renderer draws. Never carries a secret: tokens stay in the core. */
export const KioskStateSchema = z.object({
  language: LanguageSchema,
  theme: ThemeSchema,
  branchName: z.string(),
  screen: ScreenSchema,
  wedge: WedgeSettingsSchema,
  /** A message about the last scan that is not a line of the session (card as item, ...). */
  notice: NoticeSchema.optional(),
  /** How the last patron session ended, until the next one starts (audio mode says it). */
  sessionEnded: SessionEndingSchema.optional(),
  /** The sound to play for the last outcome; `id` changes with each, so each plays once. */
  feedback: z.object({ id: z.number().int(), sound: FeedbackSoundSchema }).optional(),
  /** Feedback and speech volume, 0 (silent) to 1: the station's, until a patron changes it. */
  volume: VolumeSchema,
  /** Audio mode, large text, low reach and the speech rate: the patron's, for this session. */
  access: AccessSchema,
  /** The station's keypad keys and audio-mode hints (settings `accessibility`). */
  accessStation: AccessStationSchema,
  /**
   * "Still there?": the session ends at `deadline` (epoch ms) unless the patron answers;
   * `printsReceipt` when the receipt prints first (an unanswered receipt question set to print).
   */
  inactivityWarning: z
    .object({ deadline: z.number(), printsReceipt: z.literal(true).optional() })
    .optional(),
  staff: StaffViewSchema.optional(),
  /** Started with --demo against the embedded service: the demo PIN opens staff mode. */
  demo: z.literal(true).optional(),
  /** In demo mode only: what the screens show a newcomer to try (demo-guide.ts). */
  demoGuide: DemoGuideSchema.optional(),
});
export type KioskState = z.infer<typeof KioskStateSchema>;

const None = z.undefined();

interface ChannelSchemas {
  request: z.ZodType;
  response: z.ZodType;
}

/** Renderer-to-core requests: channel -> request payload and response value. */
export const invokeContract = {
  'station.kiosk.getState': { request: None, response: KioskStateSchema },
  'station.kiosk.setLanguage': { request: z.object({ language: LanguageSchema }), response: None },
  'station.kiosk.setTheme': { request: z.object({ theme: ThemeSchema }), response: None },
  /**
   * A patron turns audio mode, large text or low reach on or off, or steps the rate or volume;
   * the answer is the volume the core holds then (the volume keys say it).
   */
  'patron.kiosk.setAccess': { request: AccessChangeSchema, response: AccessChangedSchema },
  /** Audio mode: speech for words of the message catalog, made where the station can. */
  'patron.speech.say': { request: SpeechRequestSchema, response: SpeechAnswerSchema },
  /** "Return items" on the attract screen: a check-in session, no card needed. */
  'patron.startCheckIn': { request: None, response: None },
  /** "Use my email instead" on the attract screen, where settings allow it. */
  'patron.chooseEmail': { request: None, response: None },
  'patron.submitEmail': { request: z.object({ email: z.string().max(254) }), response: None },
  /** The card's PIN, digits only; checked once by the library system and forgotten. */
  'patron.submitPin': {
    request: z.object({ pin: z.string().regex(/^\d{1,16}$/) }),
    response: None,
  },
  /** "I'm done": to the receipt step (or straight to thanks). */
  'patron.finish': { request: None, response: None },
  /** The answer to "would you like a receipt?". */
  'patron.chooseReceipt': { request: z.object({ print: z.boolean() }), response: None },
  /**
   * "E-mail" at the receipt question, with the receipt as the screen words it (the printed slip's
   * text): the core sends it to the address the member record holds, never one from the page.
   */
  'patron.emailReceipt': {
    request: z.object({
      subject: z.string().min(1).max(200),
      text: z.string().min(1).max(20_000),
    }),
    response: None,
  },
  /** The renderer finished printing (web host: the print dialog closed). */
  'patron.receiptPrinted': { request: None, response: None },
  /** Any touch or key: resets the inactivity timer and answers "still there?". */
  'patron.activity': { request: None, response: None },
  /** "More time" at a timeout warning: this session's timeouts grow (settings `accessibility`). */
  'patron.moreTime': { request: None, response: None },
  /** "Cancel" / "Start over": ends the session at once. */
  'patron.cancel': { request: None, response: None },
  /** "Renew" on a loan of the patron screen's list: `loan` is its place in that list. */
  'patron.renew': { request: z.object({ loan: z.number().int().nonnegative() }), response: None },
  /** "Renew all": every loan the list offers to renew. */
  'patron.renewAll': { request: None, response: None },
  'station.staff.open': { request: None, response: None },
  'station.staff.submitPin': {
    request: z.object({ pin: z.string().min(1).max(32) }),
    response: z.object({ accepted: z.boolean() }),
  },
  'station.staff.exit': { request: None, response: None },
  /** A touch or key on a staff screen (throttled): staff mode's idle timer starts again. */
  'station.staff.activity': { request: None, response: None },
  'staff.auth.beginSignIn': {
    request: None,
    // Electron shows the page itself (system browser or auth window); the web host's renderer
    // opens it in a popup whose loopback redirect comes back to the web host.
    response: z.discriminatedUnion('presentation', [
      z.object({ presentation: z.literal('shown') }),
      z.object({ presentation: z.literal('popup'), authorizationUrl: z.url() }),
    ]),
  },
  /**
   * Staff give up a sign-in from the kiosk's own page: the sign-in page closes (Electron: its
   * view; the web host: the renderer's popup) and the pending sign-in is dropped.
   */
  'staff.auth.cancelSignIn': { request: None, response: None },
  'staff.auth.signOut': { request: None, response: None },
  'station.scanner.submitWedgeScan': {
    request: WedgeScanSubmissionSchema,
    response: SubmitScanResultSchema,
  },
  ...offlineInvokeContract,
  ...membersInvokeContract,
  ...documentsInvokeContract,
  ...settingsInvokeContract,
  ...diagnosticsInvokeContract,
} as const satisfies Record<InvokeChannel, ChannelSchemas>;

/** Core-to-renderer events: event -> payload. */
export const eventContract = {
  'kiosk.state': KioskStateSchema,
} as const satisfies Record<EventName, z.ZodType>;
export type RequestOf<C extends InvokeChannel> = z.infer<(typeof invokeContract)[C]['request']>;
/** What a channel's handler returns: for a console channel, its answer (console/answer.ts). */
export type AnswerOf<C extends InvokeChannel> = z.infer<(typeof invokeContract)[C]['response']>;
/** The value a call resolves to; a console answer's problem is the call's problem instead. */
export type ResponseOf<C extends InvokeChannel> = [AnswerOf<C>] extends [ConsoleAnswer<infer V>]
  ? V
  : AnswerOf<C>;
export type EventPayload<E extends EventName> = z.infer<(typeof eventContract)[E]>;

/**
 * Every call resolves at one level to its value or the one problem type (problem.ts); nothing is
 * thrown across the boundary. A console handler's answer is passed on as the call's result.
 */
export type IpcResult<T> = Result<T, Problem>;

/** Channels without a request payload are called with the channel alone. */
export type RequestArgs<C extends InvokeChannel> =
  RequestOf<C> extends undefined ? [] : [RequestOf<C>];

/** The object the renderer receives in both hosts (preload bridge or WebSocket bridge). */
export interface KioskBridge {
  invoke<C extends InvokeChannel>(
    channel: C,
    ...request: RequestArgs<C>
  ): Promise<IpcResult<ResponseOf<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /**
   * The first screen is painted (App.svelte): the host may start what it held back (the embedded
   * service's blob store). The web host's bridge sends a `shown` frame, Electron's preload a
   * message on its own channel. Optional: a bridge without it (a test's) holds nothing back.
   */
  shown?(): void;
}

/** A channel without a response value: its handler returns nothing. */
type HandlerResult<T> = T extends undefined ? void : T;

/** What the core implements: one handler per channel, typed from the contract. */
export type IpcHandlers = {
  [C in InvokeChannel]: (
    request: RequestOf<C>,
  ) => Promise<HandlerResult<AnswerOf<C>>> | HandlerResult<AnswerOf<C>>;
};

/** The page's call, a frame of the web host's WebSocket transport. */
export const WireRequestSchema = z.object({
  type: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  channel: z.string().max(64),
  payload: z.unknown().optional(),
});
export type WireRequest = z.infer<typeof WireRequestSchema>;

/**
 * The web host's heartbeat: the host sends one, the page's JavaScript sends it back. A WebSocket
 * ping would not do: the browser's network stack answers pings while the page itself is stuck.
 */
export const WireHeartbeatSchema = z.object({
  type: z.literal('heartbeat'),
  beat: z.number().int().nonnegative(),
});
export type WireHeartbeat = z.infer<typeof WireHeartbeatSchema>;

/**
 * The page's word that its first screen is painted, sent once on each connection after it has
 * been: the web host then starts what it held back so as not to slow the first load (the
 * embedded service's blob store, issue 37 item 16).
 */
export const WirePageShownSchema = z.object({ type: z.literal('shown') });
export type WirePageShown = z.infer<typeof WirePageShownSchema>;

/** The web host's frames to the page: a call's result, an event, a heartbeat. */
export type WireMessage =
  | { type: 'result'; id: number; result: IpcResult<unknown> }
  | { type: 'event'; event: EventName; payload: unknown }
  | WireHeartbeat;
