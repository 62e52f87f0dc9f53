import { z } from 'zod';

/** Identifiers are strings in the reference service; a numeric one from another deployment is accepted. */
export const Identifier = z.union([z.string().min(1), z.number()]).transform(String);

/** Descriptive text a deployment may leave out or null: read as empty rather than failing the record. */
export const Text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

/** Money and counters: absent or null reads as 0. */
export const Amount = z
  .number()
  .nullish()
  .transform((value) => value ?? 0);

/**
 * A list the reference service wraps in an object (`{ "Branches": [...] }`); a bare array from
 * another deployment is accepted too.
 */
export function wrappedList<T extends z.ZodType>(key: string, item: T) {
  return z.union([
    z.looseObject({ [key]: z.array(item) }).transform((value) => value[key] as z.output<T>[]),
    z.array(item),
  ]);
}

/** The error body on base_url: `{ "error": "member_blocked", "message": "..." }`. */
export const ApiErrorBodySchema = z.looseObject({
  error: z.string().optional(),
  message: z.string().optional(),
});
