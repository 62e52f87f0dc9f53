import { z } from 'zod';
import type { EventName, InvokeChannel } from './channels';

export type { EventName, InvokeChannel } from './channels';

/**
 * The one contract between the core and the renderer. Both hosts (Electron's ipcMain and the web
 * host's WebSocket) carry exactly these channels; the renderer imports this file as types only.
 */

export const LanguageSchema = z.enum(['en', 'es']);
export type Language = z.infer<typeof LanguageSchema>;

export const ScreenSchema = z.discriminatedUnion('name', [
  z.object({ name: z.literal('attract') }),
  z.object({ name: z.literal('staff-pin'), rejected: z.boolean() }),
  z.object({ name: z.literal('staff') }),
]);
export type Screen = z.infer<typeof ScreenSchema>;

/** Everything the renderer draws. Never carries a secret: tokens stay in the core. */
export const KioskStateSchema = z.object({
  language: LanguageSchema,
  branchName: z.string(),
  screen: ScreenSchema,
});
export type KioskState = z.infer<typeof KioskStateSchema>;

const None = z.undefined();

interface ChannelSchemas {
  request: z.ZodType;
  response: z.ZodType;
}

/** Renderer-to-core requests: channel -> request payload and response value. */
export const invokeContract = {
  'kiosk.getState': { request: None, response: KioskStateSchema },
  'kiosk.setLanguage': { request: z.object({ language: LanguageSchema }), response: None },
  'staff.open': { request: None, response: None },
  'staff.submitPin': {
    request: z.object({ pin: z.string().min(1).max(32) }),
    response: z.object({ accepted: z.boolean() }),
  },
  'staff.exit': { request: None, response: None },
} as const satisfies Record<InvokeChannel, ChannelSchemas>;

/** Core-to-renderer events: event -> payload. */
export const eventContract = {
  'kiosk.state': KioskStateSchema,
} as const satisfies Record<EventName, z.ZodType>;
export type RequestOf<C extends InvokeChannel> = z.infer<(typeof invokeContract)[C]['request']>;
export type ResponseOf<C extends InvokeChannel> = z.infer<(typeof invokeContract)[C]['response']>;
export type EventPayload<E extends EventName> = z.infer<(typeof eventContract)[E]>;

/** Why a call did not produce a value. The renderer maps each kind to a message. */
export const IpcErrorKindSchema = z.enum([
  'forbidden-sender',
  'unknown-channel',
  'invalid-payload',
  'handler-failed',
  'disconnected',
]);
export type IpcErrorKind = z.infer<typeof IpcErrorKindSchema>;

export interface IpcError {
  kind: IpcErrorKind;
  message: string;
}

/** Calls resolve to a value or an error value; nothing is thrown across the boundary. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** The object the renderer receives in both hosts (preload bridge or WebSocket bridge). */
/** Channels without a request payload are called with the channel alone. */
export type RequestArgs<C extends InvokeChannel> =
  RequestOf<C> extends undefined ? [] : [RequestOf<C>];

export interface KioskBridge {
  invoke<C extends InvokeChannel>(
    channel: C,
    ...request: RequestArgs<C>
  ): Promise<IpcResult<ResponseOf<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** What the core implements: one handler per channel, typed from the contract. */
type HandlerResult<T> = T extends undefined ? void : T;
export type IpcHandlers = {
  [C in InvokeChannel]: (
    request: RequestOf<C>,
  ) => Promise<HandlerResult<ResponseOf<C>>> | HandlerResult<ResponseOf<C>>;
};

/** Wire frames of the web host's WebSocket transport. */
export const WireRequestSchema = z.object({
  type: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  channel: z.string().max(64),
  payload: z.unknown().optional(),
});
export type WireRequest = z.infer<typeof WireRequestSchema>;

export type WireMessage =
  | { type: 'result'; id: number; result: IpcResult<unknown> }
  | { type: 'event'; event: EventName; payload: unknown };
