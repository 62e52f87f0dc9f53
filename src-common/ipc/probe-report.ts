import { z } from 'zod';
import { ConsoleProblemSchema } from './console/answer';

/**
 * What an integrator needs to point the kiosk at a new service: what was read, and from where.
 * Names only, never a value of a record: the CLI prints it and the diagnostics screen shows it.
 * Operation, concept and record-kind names are the library client's (library-client/probe.ts);
 * here they are plain names, so the contract does not carry the reader's alias table.
 */
/** What is lost when a concept the kiosk depends on was not found and nothing stands in. */
export const ProbeConsequenceSchema = z.enum([
  'greeting',
  'may-borrow',
  'loans',
  'loan-due',
  'loan-title',
  'fine',
  'card-number',
  'email',
  'member-id',
  'members-list',
  'branches',
  'member-types',
  'offline-loan-period',
  'staff-name',
  'staff-branch',
]);
export type ProbeConsequence = z.infer<typeof ProbeConsequenceSchema>;

/**
 * A concept looked for (`member.givenName`) and the field it was read from, or null; its verdict
 * (library-client/probe-verdicts.ts): `read`, `covered` by the stand-ins in `by`, `not-needed`
 * (nothing depends on it), or `needed` with what is lost.
 */
export const ProbeConceptSchema = z.object({
  concept: z.string(),
  from: z.string().nullable(),
  verdict: z.enum(['read', 'covered', 'not-needed', 'needed']),
  by: z.array(z.string()).optional(),
  consequence: ProbeConsequenceSchema.optional(),
});
export type ProbeConcept = z.infer<typeof ProbeConceptSchema>;

/**
 * What one operation of the probe found, as data the screen words in its language: what it read
 * (`user-named`, counts), why it was not called, or the service's failure as staff are shown it.
 */
export const ProbeNoteSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user-named') }),
  z.object({ kind: z.literal('no-user-name') }),
  z.object({ kind: z.literal('members-on-page'), count: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('first-member-read') }),
  z.object({ kind: z.literal('branches'), count: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('member-types'), count: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('loans'), count: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('loans-not-found') }),
  z.object({ kind: z.literal('no-member-id') }),
  z.object({ kind: z.literal('list-failed') }),
  z.object({ kind: z.literal('no-barcode') }),
  z.object({ kind: z.literal('failed'), problem: ConsoleProblemSchema }),
]);
export type ProbeNote = z.infer<typeof ProbeNoteSchema>;

export const ProbeReportSchema = z.object({
  operations: z.array(
    z.object({
      operation: z.string(),
      outcome: z.enum(['ok', 'failed', 'skipped']),
      /** English, for the CLI and logs; the screen words `note` in its language. */
      detail: z.string(),
      note: ProbeNoteSchema,
    }),
  ),
  /** Every concept looked for, with the field it was read from (or null) and its verdict. */
  concepts: z.array(ProbeConceptSchema),
  /** Per record kind, the fields no concept read (names only: values may be a patron's data). */
  unread: z.record(z.string(), z.array(z.string())),
  /** For concepts not found, an unread field whose name and value fit them: check before use. */
  suggestedFieldMap: z.record(z.string(), z.string()),
});
export type ProbeReport = z.infer<typeof ProbeReportSchema>;
