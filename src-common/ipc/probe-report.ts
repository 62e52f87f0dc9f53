import { z } from 'zod';

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

export const ProbeReportSchema = z.object({
  operations: z.array(
    z.object({
      operation: z.string(),
      outcome: z.enum(['ok', 'failed', 'skipped']),
      detail: z.string(),
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
