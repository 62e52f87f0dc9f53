import { z } from 'zod';
import { CONCEPT_KEYS } from './concepts';
import type { ConceptKey } from './concepts';

// Steps separated by single dots; a step may hold any character but a dot or a space at its ends.
const FIELD_PATH = /^[^.\s](?:[^.]*[^.\s])?(?:\.[^.\s](?:[^.]*[^.\s])?)*$/;

/**
 * `service.fieldMap`: concept -> the field path where a deployment keeps it, for names the alias
 * table does not cover, e.g. `{ "circulation.fine": "account.balance_due" }`. The path is relative
 * to the record (inside any `data` envelope); each step compares without regard to case, `_` or `-`.
 */
export const FieldMapSchema = z
  .record(
    z.string(),
    z.string().max(200).regex(FIELD_PATH, {
      message: 'must be a field name or a dotted path such as account.balance_due',
    }),
  )
  .superRefine((map, context) => {
    for (const key of Object.keys(map)) {
      if ((CONCEPT_KEYS as string[]).includes(key)) continue;
      context.addIssue({
        code: 'custom',
        path: [key],
        message: 'is not a concept the kiosk reads (`library-kiosk probe` lists them)',
      });
    }
  })
  .transform((map) => map as Partial<Record<ConceptKey, string>>);
