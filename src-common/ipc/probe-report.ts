import { z } from 'zod';

/**
 * What an integrator needs to point the kiosk at a new service: what was read, and from where.
 * Names only, never a value of a record: the CLI prints it and the diagnostics screen shows it.
 * Operation, concept and record-kind names are the library client's (library-client/probe.ts);
 * here they are plain names, so the contract does not carry the reader's alias table.
 */
export const ProbeReportSchema = z.object({
  operations: z.array(
    z.object({
      operation: z.string(),
      outcome: z.enum(['ok', 'failed', 'skipped']),
      detail: z.string(),
    }),
  ),
  /** Every concept looked for (`member.givenName`), with the field it was read from, or null. */
  concepts: z.array(z.object({ concept: z.string(), from: z.string().nullable() })),
  /** Per record kind, the fields no concept read (names only: values may be a patron's data). */
  unread: z.record(z.string(), z.array(z.string())),
  /** For concepts not found, an unread field whose name and value fit them: check before use. */
  suggestedFieldMap: z.record(z.string(), z.string()),
});
export type ProbeReport = z.infer<typeof ProbeReportSchema>;
