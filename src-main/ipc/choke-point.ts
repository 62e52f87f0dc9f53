import type { z } from 'zod';
import { createLogger } from '../../src-shared/log/logger';
import { CHANNEL_GATES } from '../../src-common/ipc/channels';
import { CONSOLE_CHANNELS } from '../../src-common/ipc/console/channels';
import { invokeContract } from '../../src-common/ipc/contract';
import type {
  CallProblem,
  ConsoleAnswer,
  InvokeChannel,
  IpcHandlers,
  IpcResult,
} from '../../src-common/ipc/contract';

const log = createLogger('ipc');

export interface CallContext {
  /** URL of the frame (Electron) or the Origin of the connection (web host) that sent the call. */
  senderUrl: string | undefined;
}

export interface IpcRouter {
  /** The single entry point for every renderer call, in both hosts. */
  dispatch(channel: string, payload: unknown, context: CallContext): Promise<IpcResult<unknown>>;
}

export interface RouterOptions {
  handlers: IpcHandlers;
  /** Origins allowed to call, e.g. `app://kiosk` or `http://127.0.0.1:7300`. */
  trustedOrigins: readonly string[];
  /**
   * Asked before a `staff` channel's handler runs (the gates are in channels.ts): is staff mode
   * open? A yes counts as staff activity.
   */
  admitStaff(): boolean;
}

function isChannel(channel: string): channel is InvokeChannel {
  return Object.hasOwn(invokeContract, channel);
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    // Custom schemes (app://kiosk) report origin "null"; rebuild it from protocol and host.
    return parsed.origin === 'null' ? `${parsed.protocol}//${parsed.host}` : parsed.origin;
  } catch {
    return undefined;
  }
}

function failure(problem: CallProblem): IpcResult<never> {
  return { ok: false, problem };
}

/** Console handlers answer with a value or a problem; that answer is the call's one result. */
const answering = new Set<string>(CONSOLE_CHANNELS);

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`)
    .join('; ');
}

export function createIpcRouter({
  handlers,
  trustedOrigins,
  admitStaff,
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
      // The one staff gate: before the payload is read, so a refused call learns nothing more.
      if (CHANNEL_GATES[channel] === 'staff' && !admitStaff()) {
        return failure({ kind: 'not-staff' });
      }
      const parsed = invokeContract[channel].request.safeParse(payload);
      if (!parsed.success) {
        return failure({ kind: 'invalid-payload', channel, issues: describeIssues(parsed.error) });
      }
      try {
        const handler = handlers[channel] as (request: unknown) => unknown;
        const value = await handler(parsed.data);
        return answering.has(channel) ? (value as ConsoleAnswer<unknown>) : { ok: true, value };
      } catch (error) {
        log.error('handler failed', { channel, error });
        return failure({ kind: 'handler-failed', channel });
      }
    },
  };
}
