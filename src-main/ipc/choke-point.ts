import type { z } from 'zod';
import { createLogger } from '../../src-shared/log/logger';
import { originOf } from '../platform/origin';
import { gateOf } from '../../src-common/ipc/channels';
import { CONSOLE_CHANNELS } from '../../src-common/ipc/console/channels';
import { invokeContract } from '../../src-common/ipc/contract';
import type {
  CallProblem,
  ConsoleAnswer,
  InvokeChannel,
  IpcHandlers,
  IpcResult,
} from '../../src-common/ipc/contract';
import type { RefusedGate } from '../../src-common/ipc/problem';
import type { ConnectionId, StaffOwnership } from './staff-owner';

const log = createLogger('ipc');

export interface CallContext {
  /** URL of the frame (Electron) or the Origin of the connection (web host) that sent the call. */
  senderUrl: string | undefined;
  /** The caller's connection: the web host's socket, Electron's window (its web contents id). */
  connection: ConnectionId;
}

/** Which screens show now: the patrons', the staff PIN screen, or staff mode itself. */
export type Audience = 'patron' | 'staff-pin' | 'staff';

/** What the gates read from the kiosk (kiosk-core.ts provides it). */
export interface GateState {
  audience(): Audience;
  /** A staff call was admitted: it counts as staff activity (the idle timer starts again). */
  staffActed(): void;
}

export interface IpcRouter {
  /** The single entry point for every renderer call, in both hosts. */
  dispatch(channel: string, payload: unknown, context: CallContext): Promise<IpcResult<unknown>>;
}

export interface RouterOptions {
  handlers: IpcHandlers;
  /** Origins allowed to call, e.g. `app://kiosk` or `http://127.0.0.1:7300`. */
  trustedOrigins: readonly string[];
  /** Asked before a `staff` or `patron` channel's handler runs (the gates are in channels.ts). */
  gates: GateState;
  /**
   * Which connection holds staff mode, where there can be several (the web host); absent, the
   * one window (Electron) always does.
   */
  ownership?: StaffOwnership;
}

function isChannel(channel: string): channel is InvokeChannel {
  return Object.hasOwn(invokeContract, channel);
}

function failure(problem: CallProblem): IpcResult<never> {
  return { ok: false, error: problem };
}

/** The one refusal of every gate: what refused, and nothing about the channel or its payload. */
function refused(gate: RefusedGate): IpcResult<never> {
  return failure({ kind: 'not-allowed', gate });
}

/** The gate of the channel table that refuses this channel now, if one does. */
function closedGate(channel: InvokeChannel, gates: GateState): RefusedGate | undefined {
  const gate = gateOf(channel);
  const audience = gates.audience();
  if (gate === 'staff') {
    if (audience !== 'staff') return 'staff';
    gates.staffActed();
  }
  if (gate === 'patron' && audience !== 'patron') return 'patron';
  return undefined;
}

/** Console handlers answer with a value or a problem; that answer is the call's one result. */
const answering = new Set<string>(CONSOLE_CHANNELS);

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`)
    .join('; ');
}

/**
 * The one choke point of every renderer call, in both hosts: the sender, the channel, whose
 * connection holds staff mode, the channel's gate, the payload, then the handler. Every refusal
 * of a gate is the one problem `not-allowed`, given before the payload is read, so a refused
 * call learns nothing more and its handler never runs.
 */
export function createIpcRouter({
  handlers,
  trustedOrigins,
  gates,
  ownership,
}: RouterOptions): IpcRouter {
  const trusted = new Set(trustedOrigins);
  return {
    async dispatch(channel, payload, context) {
      const origin = originOf(context.senderUrl);
      if (!origin || !trusted.has(origin)) {
        log.warn('refused a call from an untrusted sender', { channel, origin: origin ?? null });
        return failure({ kind: 'forbidden-sender' });
      }
      if (!isChannel(channel)) {
        return failure({ kind: 'unknown-channel', channel: channel.slice(0, 64) });
      }
      if (ownership && !ownership.admit(context.connection, channel)) return refused('owner');
      try {
        const gate = closedGate(channel, gates);
        if (gate) return refused(gate);
        const parsed = invokeContract[channel].request.safeParse(payload);
        if (!parsed.success) {
          return failure({
            kind: 'invalid-payload',
            channel,
            issues: describeIssues(parsed.error),
          });
        }
        try {
          const handler = handlers[channel] as (request: unknown) => unknown;
          const value = await handler(parsed.data);
          return answering.has(channel) ? (value as ConsoleAnswer<unknown>) : { ok: true, value };
        } catch (error) {
          log.error('handler failed', { channel, error });
          return failure({ kind: 'handler-failed', channel });
        }
      } finally {
        ownership?.finished(context.connection, channel);
      }
    },
  };
}
