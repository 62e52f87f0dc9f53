import { z } from 'zod';
import { camelDialect } from './camel';
import { dotnetDialect } from './dotnet';
import { drfDialect } from './drf';
import { referenceDialect } from './reference';
import { snakeDialect } from './snake';
import type { Dialect } from './types';

export type { Dialect, RecordKind, Records, Rendered } from './types';
export { referenceDialect } from './reference';

/** The spellings the reference service can answer in; `reference` is the documented one. */
export const dialectNameSchema = z.enum(['reference', 'camel', 'snake', 'dotnet', 'drf']);
export type DialectName = z.infer<typeof dialectNameSchema>;
export const DIALECT_NAMES: readonly DialectName[] = dialectNameSchema.options;

const DIALECTS: Record<DialectName, Dialect> = {
  reference: referenceDialect,
  camel: camelDialect,
  snake: snakeDialect,
  dotnet: dotnetDialect,
  drf: drfDialect,
};

/** The dialect of that name; throws on an unknown name (callers from plain JS, bad config). */
export function dialectFor(name: DialectName = 'reference'): Dialect {
  const parsed = dialectNameSchema.safeParse(name);
  if (!parsed.success) {
    throw new Error(`Unknown dialect "${String(name)}": use one of ${DIALECT_NAMES.join(', ')}.`);
  }
  return DIALECTS[parsed.data];
}
