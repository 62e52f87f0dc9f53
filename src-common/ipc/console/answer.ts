import { z } from 'zod';
import type { Result } from '../../result';
import { SettingRuleSchema } from './setting-rule';

/**
 * Why a staff console call produced no value. Service failures keep the service client's own
 * kinds (service/errors.ts) without the `outcome` bookkeeping; `invalid` lists what the kiosk itself would not send or save,
 * field by field; `unavailable` is a feature this host or set-up does not have; `queued-offline`
 * a staff transaction held back behind the offline queue.
 */
export const ConsoleProblemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('refused'),
    operation: z.string(),
    status: z.number().int(),
    /** The service's error code, when its answer had one. */
    code: z.string().optional(),
    /** The service's own words, shown to staff as they came. */
    message: z.string().optional(),
  }),
  z.object({ kind: z.literal('auth-required'), operation: z.string(), reason: z.string() }),
  z.object({ kind: z.literal('unreachable'), operation: z.string(), cause: z.string() }),
  z.object({ kind: z.literal('timeout'), operation: z.string(), timeoutMs: z.number() }),
  z.object({ kind: z.literal('malformed-response'), operation: z.string(), issue: z.string() }),
  z.object({ kind: z.literal('cancelled'), operation: z.string() }),
  /** The service answered with a redirect to `target` (an origin), which was not followed. */
  z.object({
    kind: z.literal('redirected'),
    operation: z.string(),
    status: z.number().int(),
    target: z.string(),
  }),
  /** The answer named another item or card than the request: nothing taken as done. */
  z.object({
    kind: z.literal('mismatched-answer'),
    operation: z.string(),
    field: z.enum(['itemBarcode', 'memberBarcode']),
  }),
  /** The answer was longer than service.maxAnswerBytes (`limitBytes`) and was not read. */
  z.object({
    kind: z.literal('too-large'),
    operation: z.string(),
    limitBytes: z.number().int(),
  }),
  z.object({
    kind: z.literal('invalid'),
    /**
     * One entry per field: a dotted path (`service.baseUrl`, `GivenName`) and its problem; a
     * setting's issue also names the rule it broke, which the settings screen puts in words.
     */
    issues: z.array(
      z.object({ path: z.string(), message: z.string(), rule: SettingRuleSchema.optional() }),
    ),
  }),
  z.object({ kind: z.literal('unavailable'), reason: z.string() }),
  /**
   * Not sent: this kiosk's offline queue still holds a transaction for the item, and a staff
   * action sent past it would cross it (the queued return arriving after a new loan, say).
   */
  z.object({ kind: z.literal('queued-offline'), item: z.string() }),
]);
export type ConsoleProblem = z.infer<typeof ConsoleProblemSchema>;
export type ConsoleProblemKind = ConsoleProblem['kind'];

/** A console call's answer: its value, or the problem staff are shown instead (a `Result`). */
export function consoleAnswer<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: ConsoleProblemSchema }),
  ]);
}

export type ConsoleAnswer<T> = Result<T, ConsoleProblem>;
