import { z } from 'zod';
import type { OperationName } from './errors';
import { CONCEPTS, CONCEPT_KEYS } from './reader/concepts';
import type { ConceptKey, RecordKind } from './reader/concepts';

const ConceptKeySchema = z.enum(CONCEPT_KEYS as [ConceptKey, ...ConceptKey[]]);
const RecordKindSchema = z.enum(Object.keys(CONCEPTS) as [RecordKind, ...RecordKind[]]);

/**
 * What an integrator needs to point the kiosk at a new service: what was read, and from where.
 * Names only, never a value of a record: the CLI prints it and the diagnostics screen shows it.
 */
export const ProbeReportSchema = z.object({
  operations: z.array(
    z.object({
      operation: z.string() as z.ZodType<OperationName>,
      outcome: z.enum(['ok', 'failed', 'skipped']),
      detail: z.string(),
    }),
  ),
  /** Every concept looked for, with the field it was read from, or null when none had it. */
  concepts: z.array(z.object({ concept: ConceptKeySchema, from: z.string().nullable() })),
  /** Per record kind, the fields no concept read (names only: values may be a patron's data). */
  unread: z.partialRecord(RecordKindSchema, z.array(z.string())),
  /** For concepts not found, an unread field whose name and value fit them: check before use. */
  suggestedFieldMap: z.partialRecord(ConceptKeySchema, z.string()),
});
export type ProbeReport = z.infer<typeof ProbeReportSchema>;
