import { z } from 'zod';
import { ConsoleProblemSchema } from './console/answer';

/**
 * Why a call reached no handler or produced no value, as the choke point or a bridge says it:
 * `forbidden-sender` a frame or origin the kiosk does not trust; `unknown-channel`,
 * `invalid-payload` and `handler-failed` a call the contract does not allow or a handler that
 * threw (the log has the rest); `disconnected` the bridge lost the kiosk (the web host's socket
 * closed); `not-allowed` the choke point's one refusal of a call its gate does not admit now
 * (`RefusedGate`, below).
 */
/**
 * Which gate refused a call (src-common/ipc/channels.ts; src-main/ipc/choke-point.ts enforces them
 * all): `staff` a staff channel while staff mode is shut (the PIN screen counts as shut);
 * `patron` a patron channel while a staff screen shows; `owner` any call but reading the state
 * from a connection other than the one that holds staff mode (the web host may have several).
 */
export const RefusedGateSchema = z.enum(['staff', 'patron', 'owner']);
export type RefusedGate = z.infer<typeof RefusedGateSchema>;

export const CallProblemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('forbidden-sender') }),
  z.object({ kind: z.literal('unknown-channel'), channel: z.string() }),
  /** `issues`: the first few fields that broke the contract, for the log and the tests. */
  z.object({ kind: z.literal('invalid-payload'), channel: z.string(), issues: z.string() }),
  z.object({ kind: z.literal('handler-failed'), channel: z.string() }),
  z.object({ kind: z.literal('disconnected') }),
  z.object({ kind: z.literal('not-allowed'), gate: RefusedGateSchema }),
]);
export type CallProblem = z.infer<typeof CallProblemSchema>;

/**
 * The one problem type of every call: the call's own (above) or the staff console's (the library
 * service's answer, a field the kiosk would not send, ... console/answer.ts). The renderer puts
 * each kind in words through the catalog (src-renderer/staff/components/console-problem.ts).
 */
export const ProblemSchema = z.discriminatedUnion('kind', [
  ...CallProblemSchema.options,
  ...ConsoleProblemSchema.options,
]);
export type Problem = z.infer<typeof ProblemSchema>;
export type ProblemKind = Problem['kind'];
