import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';

/** Fault knobs for offline-mode tests; only a service started with `faults: true` has them. */
export const faultSettingsSchema = z
  .object({
    latencyMs: z.number().int().min(0).max(60_000),
    errorRate: z.number().min(0).max(1),
    dropRate: z.number().min(0).max(1),
    dropAnswerRate: z.number().min(0).max(1),
    /** A successful API answer is followed by this many spaces: still JSON, but as long as told. */
    padAnswerBytes: z
      .number()
      .int()
      .min(0)
      .max(64 * 1024 ** 2),
    outage: z.boolean(),
    /** The share of SIP2 answers sent with a wrong checksum (sip2/connection.ts); a 97 gets it right. */
    sip2BadChecksumRate: z.number().min(0).max(1),
    /**
     * The SIP2 requests (their codes, `09`) that `errorRate` and `dropAnswerRate` hit; absent,
     * every one: a test can lose a return's answer without losing the item status asked before.
     */
    sip2FaultCodes: z
      .array(z.string().regex(/^\d{2}$/))
      .max(30)
      .optional(),
  })
  .strict();

export type FaultSettings = z.infer<typeof faultSettingsSchema>;

export const faultPatchSchema = faultSettingsSchema.partial();

export interface FaultController {
  get(): FaultSettings;
  set(patch: Partial<FaultSettings>): FaultSettings;
  reset(): void;
  /**
   * Waits out `latencyMs` from now, as it stands while waiting: lowering it (a test done with a
   * slow answer) ends the wait of the requests already held, rather than leaving them to sleep on.
   */
  latency(): Promise<void>;
}

const NONE: FaultSettings = {
  latencyMs: 0,
  errorRate: 0,
  dropRate: 0,
  dropAnswerRate: 0,
  padAnswerBytes: 0,
  outage: false,
  sip2BadChecksumRate: 0,
};

export function createFaultController(): FaultController {
  let current: FaultSettings = { ...NONE };
  // The held requests' wake-ups: each looks again at the latency when the knobs change.
  const sleepers = new Set<() => void>();
  const changed = (): void => {
    for (const wake of [...sleepers]) wake();
  };
  return {
    get: () => ({ ...current }),
    set: (patch) => {
      current = faultSettingsSchema.parse({ ...current, ...patch });
      changed();
      return { ...current };
    },
    reset: () => {
      current = { ...NONE };
      changed();
    },
    async latency() {
      const since = Date.now();
      for (let left = current.latencyMs; left > 0; left = since + current.latencyMs - Date.now()) {
        await new Promise<void>((resolve) => {
          const wake = (): void => {
            clearTimeout(timer);
            sleepers.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, left);
          sleepers.add(wake);
        });
      }
    },
  };
}

/**
 * Applies the knobs to one request. Returns true when the fault consumed the request (connection
 * dropped or 503 sent), false when the request should be handled normally.
 */
export async function applyFaults(
  faults: FaultController | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  send503: (res: ServerResponse) => void,
): Promise<boolean> {
  if (!faults) return false;
  const settings = faults.get();
  if (settings.latencyMs > 0) await faults.latency();
  if (settings.outage || (settings.dropRate > 0 && Math.random() < settings.dropRate)) {
    req.socket.destroy();
    return true;
  }
  if (settings.errorRate > 0 && Math.random() < settings.errorRate) {
    send503(res);
    return true;
  }
  return false;
}

/**
 * True for the share `dropAnswerRate` of requests: the caller has already carried the request out
 * and drops the connection instead of answering, so a client cannot tell whether it was applied.
 */
export function shouldDropAnswer(faults: FaultController | undefined): boolean {
  if (!faults) return false;
  const { dropAnswerRate } = faults.get();
  return dropAnswerRate > 0 && Math.random() < dropAnswerRate;
}
